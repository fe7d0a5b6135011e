#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""Checks that the package's modules keep the layers ARCHITECTURE.md gives them.

ARCHITECTURE.md's "Modules in layers" lists every module under a layer heading, the top layer
first. This reads that list and the package's targets (`swift package dump-package`), and
fails, saying which and why, when:
- a module of the package is not in the list, or the list names one the package lacks;
- a module depends on a module of a layer below its own (one of its own layer or above is fine);
- a module of the first layer (the pure one) imports Foundation, Glibc or a C module.

  check-layers.py [PACKAGE_DIR]    exit 0 when the layers hold, 1 with one line a problem
                                   ($SWIFT, default swift, reads Package.swift)
"""
import json
import os
import re
import subprocess
import sys

PURE_FORBIDDEN = {"Foundation", "FoundationEssentials", "Glibc", "Musl", "Darwin"}


def layers_from(architecture):
    """The layers of ARCHITECTURE.md's module list, top first: (heading, [module, ...])."""
    text = open(architecture, encoding="utf-8").read()
    section = text.split("## Modules in layers", 1)[1]
    block = section.split("```", 2)[1]
    layers = []
    for line in block.splitlines()[1:]:
        if not line.strip():
            continue
        if not line.startswith(" "):
            layers.append((line.strip(), []))
        elif re.match(r"^  [A-Za-z]", line) and layers:
            # "  Name      what it is", or "  CLinux, CLibevdev, ..." for the C header modules.
            names = re.match(r"^  ((?:[A-Za-z0-9]+, )*[A-Za-z0-9]+)", line).group(1)
            layers[-1][1].extend(name.strip() for name in names.split(","))
    return layers


def main():
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "../.."))
    layers = layers_from(os.path.join(root, "ARCHITECTURE.md"))
    layer_of = {module: index for index, (_, modules) in enumerate(layers) for module in modules}
    dump = subprocess.run([os.environ.get("SWIFT", "swift"), "package", "dump-package"], cwd=root, check=True, capture_output=True, text=True)
    # The tests and their support modules (Tests/Support) are not the product's layers.
    targets = [
        t for t in json.loads(dump.stdout)["targets"]
        if t["type"] != "test" and not (t.get("path") or "").startswith("Tests/")
    ]
    names = {t["name"] for t in targets}
    problems = []
    for name in sorted(names - layer_of.keys()):
        problems.append(f"{name}: a module of Package.swift that ARCHITECTURE.md's layer list lacks; add it to its layer")
    for name in sorted(layer_of.keys() - names):
        problems.append(f"{name}: in ARCHITECTURE.md's layer list, but not a module of Package.swift")
    for target in targets:
        name = target["name"]
        if name not in layer_of:
            continue
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            if kind not in ("byName", "target") or value[0] not in layer_of:
                continue  # another package's product
            needed = value[0]
            if layer_of[needed] > layer_of[name]:
                problems.append(
                    f"{name} ({layers[layer_of[name]][0]}) depends on {needed} ({layers[layer_of[needed]][0]}),"
                    " a layer below it; move one of them, or the code that needs the other")
    pure = layers[0][1]
    c_modules = {module for _, modules in layers for module in modules if re.match(r"^C[A-Z]", module)}
    for name in pure:
        folder = os.path.join(root, "Sources", name)
        for directory, _, files in os.walk(folder):
            for file in sorted(files):
                if not file.endswith(".swift"):
                    continue
                path = os.path.join(directory, file)
                for number, line in enumerate(open(path, encoding="utf-8"), 1):
                    match = re.match(r"^\s*(?:@\w+\s+)*(?:public |package |internal |private |fileprivate )?import (?:\w+ )?(\w+)", line)
                    if match and (match.group(1) in PURE_FORBIDDEN or match.group(1) in c_modules):
                        problems.append(
                            f"{os.path.relpath(path, root)}:{number}: {name} is in the pure layer, which imports"
                            f" no {match.group(1)}; move the code that needs it to a module of the system layer")
    for problem in problems:
        print(problem)
    if problems:
        return 1
    print(f"layers hold: {len(names)} modules in {len(layers)} layers (ARCHITECTURE.md)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
