// SPDX-License-Identifier: Apache-2.0

@testable import DialerConfig
import T9Search
import Testing

@Suite("Layout catalog")
struct LayoutCatalogTests {
    @Test("The shipped layouts directory loads every file, Latin first, then by name")
    func shippedCatalog() throws {
        let catalog = try LayoutCatalog.load(directory: TestFiles.layoutsDirectory)
        #expect(catalog.ids == ["latin", "cyrillic", "greek"])
        #expect(try LayoutCatalog.load(dataDirectory: TestFiles.configDirectory) == catalog)
    }

    @Test("Dropping a file in adds a layout; other files and hidden files are ignored")
    func droppedFile() throws {
        try TestFiles.withTemporaryDirectory { directory in
            try TestFiles.write("[keys]\n2 = \"abc\"\n", to: directory + "/zz.toml")
            try TestFiles.write("name = \"Hebrew\"\n[keys]\n2 = \"דהו\"\n", to: directory + "/hebrew.toml")
            try TestFiles.write("not toml", to: directory + "/README")
            try TestFiles.write("not toml", to: directory + "/.hidden.toml")
            let catalog = try LayoutCatalog.load(directory: directory)
            #expect(catalog.ids == ["hebrew", "zz"])
            #expect(catalog.layouts[0].name == "Hebrew")
            #expect(catalog.directory == directory)
        }
    }

    @Test("A bad file stops loading with its own error")
    func badFile() throws {
        try TestFiles.withTemporaryDirectory { directory in
            try TestFiles.write("[keys]\n2 = \"abc\"\n3 = \"A\"\n", to: directory + "/bad.toml")
            #expect {
                try LayoutCatalog.load(directory: directory)
            } throws: { error in
                let error = error as? ConfigError
                return error?.file == directory + "/bad.toml" && error?.line == 3 && error?.key == "keys.3"
            }
        }
    }

    @Test("An empty or missing directory is an error")
    func emptyDirectory() throws {
        try TestFiles.withTemporaryDirectory { directory in
            #expect {
                try LayoutCatalog.load(directory: directory)
            } throws: { error in
                (error as? ConfigError)?.message.contains("has no layout files") == true
            }
            #expect {
                try LayoutCatalog.load(directory: directory + "/nowhere")
            } throws: { error in
                (error as? ConfigError)?.message.contains("cannot list the layouts directory") == true
            }
        }
    }

    @Test("Layouts are chosen by id, in the order given; none given means all")
    func chooseByID() throws {
        let catalog = try LayoutCatalog.load(directory: TestFiles.layoutsDirectory)
        #expect(try catalog.layouts(ids: []).map(\.id) == ["latin", "cyrillic", "greek"])
        #expect(try catalog.layouts(ids: ["latin", "greek"]).map(\.id) == ["latin", "greek"])
    }

    @Test("An unknown id lists the layouts there are")
    func unknownID() throws {
        let catalog = try LayoutCatalog.load(directory: TestFiles.layoutsDirectory)
        #expect {
            try catalog.layouts(ids: ["latin", "klingon"])
        } throws: { error in
            guard let error = error as? ConfigError else { return false }
            return error.message.hasPrefix(#"unknown layout "klingon"; the layouts in "#)
                && error.message.contains(#""latin", "cyrillic", "greek""#)
                && error.message.contains("add klingon.toml there")
        }
        #expect {
            try catalog.layouts(ids: ["greeek"])
        } throws: { error in
            (error as? ConfigError)?.message.contains(#"(did you mean "greek"?)"#) == true
        }
    }
}
