//! Link-time choices for the `fresnel` executable on Linux x86-64 with glibc, all made for
//! process start-up, which is most of the time of a small compile:
//!
//! * Statically linked, in the shipping build (`cargo release-static`, an alias in
//!   `.cargo/config.toml`): no dynamic loader mapping and relocating the C library and looking
//!   up its symbols at every start. Measured with `perf stat`: a small compile 1.28 -> 1.04 ms
//!   whole-process, 135 -> 101 page faults. A plain `cargo build --release` stays dynamically
//!   linked, since only that one can load a Vulkan driver. The choices below apply to both.
//! * Position-dependent: the built-in function tables are static data full of pointers, and in
//!   a position-independent executable each pointer is a load-time relocation (some 30,000 of
//!   them, about 1.5 ms of every run). Linked at a fixed address, the linker resolves them once.
//! * The unwinder linked in statically, what `-static-libgcc` does for C: the standard library
//!   asks for `-lgcc_s`, and loading `libgcc_s.so.1` at start-up (open, map, relocate, fault
//!   in) costs about 0.1 ms of every run, a tenth of an empty compile. A linker script named
//!   `libgcc_s.so` in `OUT_DIR`, found before the system's, stands for the static unwinder
//!   `libgcc_eh.a` from the C compiler. Unwinding is unchanged (the same code, from the same
//!   compiler); `ldd target/release/fresnel` lists no `libgcc_s` when it took. Where `cc`
//!   does not know `libgcc_eh.a`, the system library is used as before.
//! * The functions a compile runs placed together, first in `.text`, in the order of
//!   `link-order.txt` (lld's `--symbol-ordering-file`): each page fault on code maps the 64 KiB
//!   around it, and unordered, a small compile's code is spread over some 50 such windows of the
//!   5 MB; ordered, over about 25 (measured: 139 -> 117 page faults and about 4% less time per
//!   small compile). `tools/link-order/gen.py` writes the file from callgrind runs over the
//!   corpus. Names the binary does not define (a stale file, a debug build) are skipped by the
//!   linker, so the file only ever changes the layout. Only given to lld, rustc's default linker
//!   here since 1.90; with another linker configured it is left out.
use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os != "linux" || arch != "x86_64" || env != "gnu" {
        return;
    }
    // A static build (`-C target-feature=+crt-static`, `cargo release-static`) is made
    // position-dependent by its own `-C relocation-model=static` (or static-pie without it)
    // and links the unwinder statically itself: `-no-pie` on top of static-pie makes an
    // executable that crashes at start, so only the link order is given to it. (Such a build
    // cannot run the Vulkan driver: glibc cannot `dlopen` it into a static executable.)
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let crt_static = features.split(',').any(|f| f == "crt-static");
    if !crt_static {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    if default_lld() {
        let order = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default())
            .join("link-order.txt");
        println!("cargo:rerun-if-changed={}", order.display());
        if order.is_file() {
            println!(
                "cargo:rustc-link-arg-bin=fresnel=-Wl,--symbol-ordering-file={},--no-warn-symbol-ordering",
                order.display()
            );
        }
    }
    if crt_static {
        return;
    }
    if let Some(eh) = static_unwinder() {
        let Some(out) = std::env::var_os("OUT_DIR").map(PathBuf::from) else {
            return;
        };
        let dir = out.join("static-unwinder");
        let script = format!("INPUT({})\n", eh.display());
        if std::fs::create_dir_all(&dir).is_ok()
            && std::fs::write(dir.join("libgcc_s.so"), script).is_ok()
        {
            println!("cargo:rustc-link-search=native={}", dir.display());
        }
    }
}

/// The absolute path of the C compiler's static unwinder, `libgcc_eh.a`, if it has one.
fn static_unwinder() -> Option<PathBuf> {
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".to_string());
    println!("cargo:rerun-if-env-changed=CC");
    let out = Command::new(cc)
        .arg("-print-file-name=libgcc_eh.a")
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let path = PathBuf::from(String::from_utf8(out.stdout).ok()?.trim());
    // An unknown file is printed back bare (`libgcc_eh.a`); a found one as an absolute path.
    (path.is_absolute() && path.is_file()).then_some(path)
}

/// Whether the executable is linked by rustc's own lld, the default for this target since Rust
/// 1.90: no linker named in the configuration (`RUSTC_LINKER`) or in the flags, and a rustc at
/// least that new.
fn default_lld() -> bool {
    println!("cargo:rerun-if-env-changed=RUSTC_LINKER");
    if std::env::var_os("RUSTC_LINKER").is_some() {
        return false;
    }
    let flags = std::env::var("CARGO_ENCODED_RUSTFLAGS").unwrap_or_default();
    if flags
        .split('\x1f')
        .any(|f| f.contains("linker") || f.contains("link-self-contained"))
    {
        return false;
    }
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let Some(out) = Command::new(rustc).arg("--version").output().ok() else {
        return false;
    };
    // `rustc 1.95.0 (59807616e 2026-04-14)`
    let text = String::from_utf8_lossy(&out.stdout);
    let minor = text
        .split_whitespace()
        .nth(1)
        .and_then(|v| v.split('.').nth(1))
        .and_then(|m| m.parse::<u32>().ok());
    out.status.success() && minor.is_some_and(|m| m >= 90)
}
