#!/usr/bin/python3
"""Writes the link order of the `fresnel` executable's functions: the ones a compile runs first,
packed together, so that a short compile faults in fewer pages of code.

A small compile spends a large part of its time starting the process, and page faults on the
executable's code are part of that: every fault maps the 64 KiB around it, and the functions a
compile runs are spread over the 5 MB of `.text`. `crates/fresnel-cli/build.rs` hands this
file to the linker (lld's `--symbol-ordering-file`), which places the named functions first,
in this order, and the rest after them as before.

How the list is made: callgrind runs `fresnel` over a spread of corpus shaders with varied
command lines (SPIR-V and GLSL output, -O and -O0, Vulkan and OpenGL, `check`), records the
address of every instruction executed, and each address is mapped to its function with `nm`.
Functions run by more of the compiles come first; ties keep the order of first execution.

The file holds one list per build, each under a `# ...` header (lld ignores `#` comments):
the statically linked shipping build (`cargo release-static`) and the dynamically linked one
(`cargo build --release -p fresnel-cli`). Their function names differ (the link flags are part
of each crate's build settings, hashed into the names), so each build finds its own list and
the linker skips the other's names.

Usage:
  gen.py BIN... [--corpus DIR] [--runs N] [--out FILE]   profile each BIN, write FILE
                                                         (default crates/fresnel-cli/link-order.txt)
  gen.py BIN... --check [FILE]                           how many of each list's names BIN defines

Each BIN is a release build of the executable alone, static first:
  gen.py target/x86_64-unknown-linux-gnu/release/fresnel target/release/fresnel
Symbol names carry a hash of each crate's build settings (toolchain, dependency versions and
features, profile): building it together with other packages (`-p fresnel-corpus` too, or the
whole workspace) unifies dependency features and renames some dependency functions (about 6%
of the list), and after a toolchain or dependency update more names go stale: the linker then ignores them and the layout falls back
to the default one. `--check` tells; regenerate with the first form. A dev tool: CI does not
run it, and nothing in the build depends on it being current.
"""
import argparse
import bisect
import collections
import glob
import os
import random
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.normpath(os.path.join(HERE, "..", "..", "crates", "fresnel-cli", "link-order.txt"))
STAGES = {".vert", ".frag", ".comp", ".geom", ".tesc", ".tese", ".rgen", ".rchit", ".rmiss",
          ".rahit", ".rint", ".rcall", ".mesh", ".task"}
# Command lines, used in turn: what people run, in the argument orders they write.
VARIANTS = [
    lambda f, st: ["compile", f, "--emit", "spirv", "--target-env", "vulkan1.3", "-S", st, "-o", "/dev/null"],
    lambda f, st: ["compile", "--emit", "spirv", "-o", "/dev/null", f],
    lambda f, st: ["compile", "-O", "--emit", "spirv", "--target-env", "vulkan1.1", "-o", "/dev/null", f],
    lambda f, st: ["compile", "--O0", "--emit", "spirv-asm", "--target-env", "vulkan1.2", "-o", "/dev/null", f],
    lambda f, st: ["compile", f, "--emit", "spirv", "--target-env", "opengl", "-o", "/dev/null"],
    lambda f, st: ["compile", f, "--emit", "glsl", "-o", "/dev/null"],
    lambda f, st: ["check", f],
]


def text_symbols(binp):
    """(start, size, name) of every function BIN defines, sorted by address."""
    out = subprocess.run(["nm", "-S", "--defined-only", binp], capture_output=True, text=True,
                         check=True).stdout
    syms = []
    for line in out.splitlines():
        p = line.split()
        if len(p) == 4 and p[2] in "tTwW":
            syms.append((int(p[0], 16), int(p[1], 16), p[3]))
    syms.sort()
    return syms


def shaders(corpus):
    files = []
    for pat in ["glslang/Test/*", "naga/**/*", "piglit/**/*", "glsl-optimizer/**/*", "shader-db/**/*"]:
        for f in sorted(glob.glob(os.path.join(corpus, pat), recursive=True)):
            if os.path.splitext(f)[1] in STAGES and os.path.isfile(f):
                files.append(f)
    random.Random(7).shuffle(files)
    return files


def profile(binp, corpus, runs, outdir):
    """Runs callgrind over `runs` compiles; returns the profile paths."""
    rng = random.Random(11)
    paths = []
    for k, f in enumerate(shaders(corpus)):
        if len(paths) >= runs:
            break
        args = [binp] + VARIANTS[k % len(VARIANTS)](f, os.path.splitext(f)[1][1:])
        ok = subprocess.run(args, capture_output=True).returncode == 0
        # Mostly accepted shaders: the path every successful compile takes; some rejected ones.
        if not ok and rng.random() < 0.8:
            continue
        path = os.path.join(outdir, f"cg.{len(paths)}")
        subprocess.run(["valgrind", "--tool=callgrind", "--demangle=no", "--compress-strings=no",
                        "--compress-pos=no", "--dump-instr=yes", f"--callgrind-out-file={path}"]
                       + args, capture_output=True)
        paths.append(path)
    return paths


def functions_run(binp, paths):
    """Function names in BIN, most profiles first, then by first execution."""
    syms = text_symbols(binp)
    starts = [s[0] for s in syms]
    runs_in = collections.Counter()
    first = {}
    for path in paths:
        seen = set()
        ob = None
        after_calls = False
        with open(path, errors="replace") as fh:
            for line in fh:
                if line.startswith("ob="):
                    ob = line[3:].strip()
                    continue
                if line.startswith("calls="):
                    # The next line is the call's inclusive cost, at the call site.
                    after_calls = True
                    continue
                if not line.startswith("0x"):
                    continue
                if after_calls:
                    after_calls = False
                    continue
                if ob != binp:
                    continue
                a = int(line.split(None, 1)[0], 16)
                i = bisect.bisect_right(starts, a) - 1
                if i < 0:
                    continue
                start, size, name = syms[i]
                if a >= start + max(size, 1):
                    continue
                seen.add(name)
                first.setdefault(name, len(first))
        for name in seen:
            runs_in[name] += 1
    return sorted(runs_in, key=lambda n: (-runs_in[n], first[n]))


def is_static(binp):
    """Whether BIN has no program interpreter (a statically linked executable)."""
    out = subprocess.run(["readelf", "-l", "-W", binp], capture_output=True, text=True).stdout
    return "INTERP" not in out


def sections(path):
    """The file's lists: (header, names) for each `# ...` header, in order."""
    parts = []
    for line in open(path):
        line = line.strip()
        if line.startswith("#"):
            parts.append((line[1:].strip(), []))
        elif line:
            if not parts:
                parts.append(("", []))
            parts[-1][1].append(line)
    return parts


def check(binp, path):
    defined = {s[2] for s in text_symbols(binp)}
    ok = False
    for header, names in sections(path):
        found = sum(1 for n in names if n in defined)
        print(f"{found} of {len(names)} names of the list `{header}` in {path} are functions of {binp}")
        ok = ok or (names and found * 10 >= len(names) * 9)
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("bins", nargs="+", metavar="BIN")
    ap.add_argument("--corpus", default=os.path.normpath(os.path.join(HERE, "..", "..", "..", "shared", "corpus")))
    ap.add_argument("--runs", type=int, default=150)
    ap.add_argument("--out", default=DEFAULT_OUT)
    ap.add_argument("--check", nargs="?", const=DEFAULT_OUT)
    a = ap.parse_args()
    bins = [os.path.abspath(b) for b in a.bins]
    if a.check:
        return max(check(b, a.check) for b in bins)
    lists = []
    for binp in bins:
        with tempfile.TemporaryDirectory() as d:
            paths = profile(binp, a.corpus, a.runs, d)
            if not paths:
                sys.exit("gen.py: no compile ran (is --corpus right?)")
            names = functions_run(binp, paths)
        kind = ("statically linked: cargo release-static" if is_static(binp)
                else "dynamically linked: cargo build --release")
        lists.append((kind, names))
        print(f"{len(names)} functions from {len(paths)} profiles of {binp} ({kind})")
    with open(a.out, "w") as fh:
        for kind, names in lists:
            fh.write(f"# {kind}\n")
            for n in names:
                fh.write(n + "\n")
    print(f"-> {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
