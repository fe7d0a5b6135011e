import ArgumentParser

@main
struct T9Dial: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "t9dial",
        abstract: "Find and dial contacts with a phone keypad, the way T9 phones did.",
        subcommands: [SearchCommand.self, QueryCommand.self, ContactsCommand.self, RunCommand.self, TryCommand.self, DevicesCommand.self, UdevRuleCommand.self, DoctorCommand.self, HistoryCommand.self, ForgetCommand.self, SyncCommand.self]
    )
}
