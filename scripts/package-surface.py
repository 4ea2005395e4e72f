#!/usr/bin/env python3
"""The `package` surface: how many declarations each module shares, and which of them no other source
module references, read from the compiler's index of the last debug build (`swift build --build-tests`).

    scripts/package-surface.py                   # counts by module, then the candidates to narrow
    scripts/package-surface.py --merge A,B [...]  # how many would stay package were A and B one module

A candidate is not proof: a declaration can be needed by a signature or a conformance that no
reference shows (a package function's parameter type, a protocol's witness). Take `package` away and
build: the compiler says which. Test targets import with @testable and do not count;
RosterTestSupport, built in release too, does. Reads libIndexStore from the Swift toolchain.
"""
import argparse
import collections
import ctypes as C
import os
import re
import shutil
import sys

ROOT = os.path.realpath(os.path.join(os.path.dirname(__file__), ".."))
DECLARATION = re.compile(r'^\s*(?:@[A-Za-z]+(?:\([^)]*\))?\s+)*package\s')
RECORD, DEFINES, REFERENCES = 2, 0b11, 1 << 2


class StringRef(C.Structure):
    _fields_ = [("data", C.c_char_p), ("length", C.c_size_t)]

    def text(self):
        return C.string_at(self.data, self.length).decode() if self.data else ""


def index_library():
    swift = shutil.which("swift")
    if not swift:
        sys.exit("package-surface: no swift on PATH")
    lib_dir = os.path.join(os.path.dirname(os.path.realpath(swift)), "..", "lib")
    for name in ("libIndexStore.so", "libIndexStore.dylib"):
        if os.path.exists(os.path.join(lib_dir, name)):
            lib = C.CDLL(os.path.join(lib_dir, name))
            break
    else:
        sys.exit(f"package-surface: no libIndexStore in {lib_dir}")
    for name, result, arguments in [
        ("store_create", C.c_void_p, [C.c_char_p, C.c_void_p]),
        ("store_units_apply_f", C.c_bool, [C.c_void_p, C.c_uint, C.c_void_p, C.c_void_p]),
        ("unit_reader_create", C.c_void_p, [C.c_void_p, C.c_char_p, C.c_void_p]),
        ("unit_reader_dispose", None, [C.c_void_p]),
        ("unit_reader_get_module_name", StringRef, [C.c_void_p]),
        ("unit_reader_dependencies_apply_f", C.c_bool, [C.c_void_p, C.c_void_p, C.c_void_p]),
        ("unit_dependency_get_kind", C.c_int, [C.c_void_p]),
        ("unit_dependency_get_name", StringRef, [C.c_void_p]),
        ("unit_dependency_get_filepath", StringRef, [C.c_void_p]),
        ("record_reader_create", C.c_void_p, [C.c_void_p, C.c_char_p, C.c_void_p]),
        ("record_reader_dispose", None, [C.c_void_p]),
        ("record_reader_occurrences_apply_f", C.c_bool, [C.c_void_p, C.c_void_p, C.c_void_p]),
        ("occurrence_get_symbol", C.c_void_p, [C.c_void_p]),
        ("occurrence_get_roles", C.c_uint64, [C.c_void_p]),
        ("occurrence_get_line_col", None, [C.c_void_p, C.POINTER(C.c_uint), C.POINTER(C.c_uint)]),
        ("symbol_get_usr", StringRef, [C.c_void_p]),
    ]:
        function = getattr(lib, "indexstore_" + name)
        function.restype, function.argtypes = result, arguments
    return lib


def read_index(store_path):
    """Where each symbol is defined, and which modules reference it."""
    lib = index_library()
    store = lib.indexstore_store_create(store_path.encode(), None)
    if not store:
        sys.exit(f"package-surface: no index at {store_path}: run `swift build --build-tests` first")
    units = []
    unit_callback = C.CFUNCTYPE(C.c_bool, C.c_void_p, StringRef)(lambda _, name: units.append(name.text()) or True)
    lib.indexstore_store_units_apply_f(store, 0, None, unit_callback)
    defined, referenced, seen = {}, collections.defaultdict(set), set()
    for unit in units:
        reader = lib.indexstore_unit_reader_create(store, unit.encode(), None)
        if not reader:
            continue
        module = lib.indexstore_unit_reader_get_module_name(reader).text()
        records = []

        def dependency(_, dep):
            if lib.indexstore_unit_dependency_get_kind(dep) == RECORD:
                records.append((lib.indexstore_unit_dependency_get_name(dep).text(),
                                lib.indexstore_unit_dependency_get_filepath(dep).text()))
            return True
        lib.indexstore_unit_reader_dependencies_apply_f(
            reader, None, C.CFUNCTYPE(C.c_bool, C.c_void_p, C.c_void_p)(dependency))
        lib.indexstore_unit_reader_dispose(reader)
        for record, path in records:
            if (module, record) not in seen:
                seen.add((module, record))
                read_record(lib, store, record, os.path.realpath(path), module, defined, referenced)
    return defined, referenced


def read_record(lib, store, record, path, module, defined, referenced):
    reader = lib.indexstore_record_reader_create(store, record.encode(), None)
    if not reader:
        return

    def occurrence(_, occ):
        usr = lib.indexstore_symbol_get_usr(lib.indexstore_occurrence_get_symbol(occ)).text()
        roles = lib.indexstore_occurrence_get_roles(occ)
        line, column = C.c_uint(), C.c_uint()
        lib.indexstore_occurrence_get_line_col(occ, C.byref(line), C.byref(column))
        if roles & DEFINES:
            defined[usr] = (path, line.value)
        if roles & REFERENCES:
            referenced[usr].add(module)
        return True
    lib.indexstore_record_reader_occurrences_apply_f(
        reader, None, C.CFUNCTYPE(C.c_bool, C.c_void_p, C.c_void_p)(occurrence))
    lib.indexstore_record_reader_dispose(reader)


def package_declarations(defined, referenced):
    """Each `package` line of Sources with its module and the other source modules that reference it."""
    at = collections.defaultdict(list)
    for usr, place in defined.items():
        at[place].append(usr)
    rows = []
    for directory, _, files in sorted(os.walk(os.path.join(ROOT, "Sources"))):
        for name in sorted(f for f in files if f.endswith(".swift")):
            path = os.path.realpath(os.path.join(directory, name))
            module = os.path.relpath(path, os.path.join(ROOT, "Sources")).split(os.sep)[0]
            module = module.replace("-", "_")
            with open(path, encoding="utf-8") as source:
                for number, line in enumerate(source, 1):
                    if DECLARATION.match(line):
                        users = set()
                        for usr in at.get((path, number), []):
                            users |= referenced.get(usr, set())
                        users = {m for m in users if m != module and not m.endswith("Tests")}
                        rows.append((module, os.path.relpath(path, ROOT), number, line.strip(), users))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", default=os.path.join(ROOT, ".build", "debug", "index", "store"))
    parser.add_argument("--merge", action="append", default=[], metavar="A,B,...",
                        help="modules to count as one (repeatable)")
    args = parser.parse_args()
    rows = package_declarations(*read_index(args.store))
    group = {m: i for i, g in enumerate(args.merge) for m in g.replace("-", "_").split(",")}
    kept = [r for r in rows if not r[4] or any(group.get(u, u) != group.get(r[0], r[0]) for u in r[4])]
    by_module = collections.Counter(r[0] for r in kept)
    for module, count in by_module.most_common():
        print(f"{count:6d}  {module}")
    print(f"{len(kept):6d}  package declarations" + (" were those modules one" if args.merge else ""))
    if not args.merge:
        candidates = [r for r in rows if not r[4]]
        print(f"\n{len(candidates)} that no other source module references (build without each to see):")
        for module, path, number, text, _ in candidates:
            print(f"  {path}:{number}: {text[:90]}")


if __name__ == "__main__":
    main()
