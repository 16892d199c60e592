#!/usr/bin/env python3
"""Every arrow points down, and the core speaks no language (issue 23): a SubscriptionCore folder
uses only its own types and those of the folders before it in LAYERS, and no core file makes a
text a person reads (`localized(`) or holds Turkish. Prints each problem and exits 1 when there
is one. Run by `make test`; `python3 Tests/layers/check_layers.py` alone."""
import pathlib
import re
import sys

# Lowest first, as the README's layout lists them: a folder (with its subfolders) may use its own
# types and those of the folders before it.
LAYERS = ["Model", "SQLite", "Files", "Schedule", "Reports", "Statement", "Detection", "Interchange", "Vault", "Sync", "Storage"]

# Uses above their folder that are known debts, each with its reason; none today. A use not
# listed here fails the check.
KNOWN = set()

ROOT = pathlib.Path(__file__).resolve().parents[2] / "Sources" / "SubscriptionCore"
DECLARATION = re.compile(r"^\s*(?:public |internal |private |fileprivate |final |indirect )*"
                         r"(?:struct|enum|class|protocol|actor|typealias)\s+([A-Z]\w*)", re.M)
COMMENT = re.compile(r"//.*?$|/\*.*?\*/", re.S | re.M)
# Files that read Turkish in what users give (names that fold Turkish's i's, bank statements'
# words and month names): data the core recognises, not text it says.
READS_TURKISH = {"Model/NameMatching.swift", "Statement/MerchantName.swift",
                 "Statement/MerchantVocabulary.swift", "Statement/StatementDateFormat.swift"}
TURKISH = re.compile("[çğıöşüÇĞİÖŞÜ]")
STRING = re.compile(r'"(?:\\.|[^"\\\n])*"')


def layer_of(path):
    relative = path.relative_to(ROOT).parent.as_posix()
    best = None
    for index, layer in enumerate(LAYERS):
        if relative == layer or relative.startswith(layer + "/"):
            if best is None or len(layer) > len(LAYERS[best]):
                best = index
    return best


def main():
    files = sorted(ROOT.rglob("*.swift"))
    unplaced = [f for f in files if layer_of(f) is None]
    owner = {}
    for path in files:
        layer = layer_of(path)
        if layer is None:
            continue
        for name in DECLARATION.findall(path.read_text()):
            # Nested types are named through their parent; a name declared in two layers counts
            # as the lower one's.
            if name not in owner or layer < owner[name]:
                owner[name] = layer
    problems = [f"{f.relative_to(ROOT.parents[1])}: in no layer of {LAYERS}" for f in unplaced]
    for path in files:
        layer = layer_of(path)
        if layer is None:
            continue
        text = STRING.sub('""', COMMENT.sub("", path.read_text()))
        for name, declared in owner.items():
            known = (path.relative_to(ROOT).as_posix(), name) in KNOWN
            if declared > layer and not known and re.search(r"\b" + name + r"\b", text):
                problems.append(f"{path.relative_to(ROOT.parents[1])} ({LAYERS[layer]}) uses {name} "
                                f"({LAYERS[declared]})")
    for path in files:
        code = COMMENT.sub("", path.read_text())
        name = path.relative_to(ROOT.parents[1])
        if "localized(" in code:
            problems.append(f"{name}: makes a text a person reads (localized)")
        if TURKISH.search(code) and path.relative_to(ROOT).as_posix() not in READS_TURKISH:
            problems.append(f"{name}: holds Turkish text")
    for line in problems:
        print(line)
    print(f"layers: {len(files)} files, {len(owner)} types, {len(problems)} uses above their folder")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
