#!/usr/bin/python3
"""A `spirv-val` with a 2026 SPIRV-Tools, taken from the `slangpy` wheel on PyPI.

Debian's spirv-val (2023.1) and the `spirv-tools` crate's (v2025.3) do not know the newest
vendor extensions (SPV_EXT_long_vector, SPV_EXT_shader_invocation_reorder, ...). The shared
library `libslang-glslang-<ver>.so` in slangpy links a recent SPIRV-Tools, but exports only
`glslang_validateSPIRV(words, count)`, which validates for Vulkan 1.4 with scalar block
layout. This script makes a patched copy of that library per option set: the target
environment immediate, the scalar-layout flag, and (for `--uniform-buffer-standard-layout`)
the friendly-names call redirected to the option setter. Each patch checks the bytes it
replaces, so a different build of the library is refused rather than misused.

Usage, as spirv-val:  spirv-val-slang.py [--target-env ENV] [--scalar-block-layout]
                      [--uniform-buffer-standard-layout] FILE|-
The library: $SLANG_GLSLANG, or the first libslang-glslang-*.so under $SLANGPY_DIR
(get it with `pip download slangpy==0.43.1 --no-deps` and unzip the wheel).
A dev tool only: CI does not use it.
"""
import ctypes
import glob
import hashlib
import os
import subprocess
import sys
import tempfile

ENVS = {
    "spv1.0": 0, "vulkan1.0": 1, "spv1.1": 2, "opengl4.0": 5, "opengl4.1": 6,
    "opengl4.2": 7, "opengl4.3": 8, "opengl4.5": 9, "spv1.2": 10, "spv1.3": 17,
    "vulkan1.1": 18, "spv1.4": 20, "vulkan1.1spv1.4": 21, "spv1.5": 22, "vulkan1.2": 23,
    "spv1.6": 24, "vulkan1.3": 25, "vulkan1.4": 26,
}


def die(msg):
    sys.stderr.write(f"spirv-val-slang: {msg}\n")
    sys.exit(2)


def library():
    lib = os.environ.get("SLANG_GLSLANG")
    if lib:
        return lib
    base = os.environ.get("SLANGPY_DIR", "/tmp/slang/w/slangpy")
    found = sorted(glob.glob(os.path.join(base, "**", "libslang-glslang-*.so"), recursive=True))
    if not found:
        die("no libslang-glslang-*.so: set SLANG_GLSLANG or SLANGPY_DIR")
    return found[0]


def symbols(lib):
    out = subprocess.run(["nm", lib], capture_output=True, text=True, check=True).stdout
    table = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3:
            table[parts[2]] = int(parts[0], 16)
    return table


def patched(lib, env, scalar, ubo_std):
    st = os.stat(lib)
    key = hashlib.sha1(f"{os.path.realpath(lib)}:{st.st_size}:{st.st_mtime_ns}".encode()).hexdigest()[:12]
    cache = os.path.join(tempfile.gettempdir(), "spirv-val-slang")
    os.makedirs(cache, exist_ok=True)
    path = os.path.join(cache, f"{key}-{env}-{int(scalar)}-{int(ubo_std)}.so")
    if os.path.exists(path):
        return path
    data = bytearray(open(lib, "rb").read())
    syms = symbols(lib)
    start = syms["glslang_validateSPIRV"]
    body = data[start:start + 0x100]
    # mov $0x1,%esi ; mov %rax,%rdi  (scalar block layout = 1)
    i = body.find(bytes.fromhex("be01000000 4889c7".replace(" ", "")))
    # mov $0x1a,%esi ; mov %r12,%rdi (SpirvTools(SPV_ENV_VULKAN_1_4))
    j = body.find(bytes.fromhex("be1a000000 4c89e7".replace(" ", "")))
    # second `mov $0x1,%esi ; mov %rbp,%rdi ; call SetFriendlyNames`
    k = body.find(bytes.fromhex("be01000000 4889ef e8".replace(" ", "")))
    if min(i, j, k) < 0:
        die(f"{lib}: unexpected code in glslang_validateSPIRV; not the expected build")
    data[start + i + 1] = 1 if scalar else 0
    data[start + j + 1] = ENVS[env]
    if ubo_std:
        call = start + k + 8
        target = syms["spvValidatorOptionsSetUniformBufferStandardLayout"]
        rel = (target - (call + 5)) & 0xFFFFFFFF
        data[call + 1:call + 5] = rel.to_bytes(4, "little")
    tmp = path + f".{os.getpid()}"
    open(tmp, "wb").write(data)
    os.replace(tmp, path)
    return path


def main(argv):
    env, scalar, ubo_std, file = "vulkan1.4", False, False, None
    it = iter(argv)
    for a in it:
        if a == "--target-env":
            env = next(it, None)
            if env not in ENVS:
                die(f"unknown target environment {env!r}")
        elif a == "--scalar-block-layout":
            scalar = True
        elif a == "--uniform-buffer-standard-layout":
            ubo_std = True
        elif a.startswith("--"):
            die(f"option {a} is not supported")
        else:
            file = a
    if file is None:
        die("no input")
    data = sys.stdin.buffer.read() if file == "-" else open(file, "rb").read()
    if len(data) % 4:
        sys.stderr.write("error: line 0: Invalid SPIR-V binary size\n")
        return 1
    lib = ctypes.CDLL(patched(library(), env, scalar, ubo_std))
    validate = lib.glslang_validateSPIRV
    validate.restype = ctypes.c_bool
    validate.argtypes = [ctypes.POINTER(ctypes.c_uint32), ctypes.c_int]
    n = len(data) // 4
    words = (ctypes.c_uint32 * max(n, 1)).from_buffer_copy(data or b"\0\0\0\0")
    return 0 if validate(words, n) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
