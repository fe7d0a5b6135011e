import ArgumentParser

@main
struct T9Dial: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "t9dial", abstract: "A T9 keypad dialer.")
}
