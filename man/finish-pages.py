#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Finishes the man pages make docs generates, and puts the hand-written ones beside them.

Usage: finish-pages.py PROGRAM FOLDER DATE VERSION

swift-argument-parser's generate-manual writes FOLDER/t9dial.1 and a page per command
(t9dial.search.1...) in mdoc from PROGRAM's --experimental-dump-help. This makes them what a
reader of man expects:

- t9dial.1 is man/t9dial.1, written by hand (the commands, ENVIRONMENT, FILES, EXIT STATUS,
  EXAMPLES), with DATE and VERSION put in; t9dial.toml.5 is copied from man/ as it is.
- t9dial.help.1 goes: help is not a command to read a page about.
- Each command's page is headed "User Commands" and footed with t9dial and its version, instead
  of groff's "BSD General Commands Manual" and "BSD" (an empty .Os); its NAME is its file's name
  (t9dial.search, which whatis and man -k index) and its SYNOPSIS the command (t9dial search).
- An option whose values are a fixed list (--match smart or anywhere) lists them: the generator
  drops the list when the values have no descriptions of their own.
- EXIT STATUS gives t9dial's statuses instead of mdoc's "0 on success, and >0 if an error
  occurs", and SEE ALSO names t9dial(1) and the config's page.
"""

import json
import pathlib
import subprocess
import sys

EXIT_STATUS = """.Sh "EXIT STATUS"
0 when the command did its work; 1 when it could not, with the reason on standard error;
64 for a mistake in the arguments.
See
.Sx "EXIT STATUS"
in
.Xr t9dial 1 ."""


def option_key(argument):
    """The words of an option's .It line as generate-manual writes them: Fl -match Ar mode."""
    names = argument.get("names") or []
    longs = [name["name"] for name in names if name["kind"] == "long"]
    if not longs:
        return None
    return "Fl -" + longs[0]


def with_values(lines, argument):
    """`lines` with `argument`'s values listed under its .It item, when they are missing."""
    values = argument.get("allValues") or argument.get("allValueStrings")
    key = option_key(argument)
    if not values or argument.get("allValueDescriptions") or key is None:
        return lines
    sentence = "Values: " + ", ".join(values) + "."
    result = []
    index = 0
    while index < len(lines):
        line = lines[index]
        result.append(line)
        index += 1
        if not (line.startswith(".It " + key + " ") or line == ".It " + key):
            continue
        # The item's text runs to the next item or the list's end; a trailing .Pp is where
        # the generator meant the list to go.
        while index < len(lines) and not lines[index].startswith((".It ", ".El")):
            result.append(lines[index])
            index += 1
        if result[-1] != ".Pp":
            result.append(".Pp")
        result.append(sentence)
    return result


def finish_command_page(path, command, version):
    lines = path.read_text().rstrip("\n").split("\n")
    page = path.stem  # t9dial.search
    name = "t9dial " + " ".join(page.split(".")[1:])
    finished = []
    for line in lines:
        if line.startswith(".Dt "):
            finished += [line, ".ds doc-volume User Commands"]
        elif line == ".Os":
            finished.append(f'.Os "t9dial {version}"')
        elif line == f'.Nm "{name}"':
            finished.append(".Nm " + page)
        elif line == ".Nm":
            finished.append(f'.Nm "{name}"')
        elif line == ".Ex -std":
            finished += EXIT_STATUS.split("\n")[1:]
        else:
            finished.append(line)
    for argument in command.get("arguments", []):
        finished = with_values(finished, argument)
    if '.Sh "SEE ALSO"' not in finished:
        finished += ['.Sh "SEE ALSO"', ".Xr t9dial 1 ,", ".Xr t9dial.toml 5"]
    path.write_text("\n".join(finished) + "\n")


def commands_by_page(command, prefix="t9dial"):
    """Every command below `command` by the name of its page: t9dial.search, t9dial.config.check."""
    pages = {}
    for sub in command.get("subcommands", []):
        page = prefix + "." + sub["commandName"]
        pages[page] = sub
        pages.update(commands_by_page(sub, page))
    return pages


def main():
    program, folder, date, version = sys.argv[1:]
    folder = pathlib.Path(folder)
    here = pathlib.Path(__file__).resolve().parent
    dump = json.loads(subprocess.run([program, "--experimental-dump-help"], check=True, capture_output=True, text=True).stdout)
    pages = commands_by_page(dump["command"])

    for path in folder.glob("t9dial.help*.1"):
        path.unlink()
    for path in sorted(folder.glob("t9dial.*.1")):
        command = pages.get(path.stem)
        if command is None:
            sys.exit(f"finish-pages: {path} is no command of {program}'s --experimental-dump-help")
        finish_command_page(path, command, version)

    main_page = (here / "t9dial.1").read_text().replace("@DATE@", date).replace("@VERSION@", version)
    (folder / "t9dial.1").write_text(main_page)
    (folder / "t9dial.toml.5").write_text((here / "t9dial.toml.5").read_text())


if __name__ == "__main__":
    main()
