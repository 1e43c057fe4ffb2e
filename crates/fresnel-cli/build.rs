//! Link-time choices for the `fresnel` executable on Linux x86-64 with glibc, both made for
//! process start-up, which is most of the time of a small compile:
//!
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
    // A static build (`-C target-feature=+crt-static`) is already position-dependent or
    // static-pie as rustc chooses, and links the unwinder statically itself: `-no-pie` on top
    // of static-pie makes an executable that crashes at start. (Such a build cannot run the
    // Vulkan driver: glibc cannot `dlopen` it into a static executable.)
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    if features.split(',').any(|f| f == "crt-static") {
        return;
    }
    println!("cargo:rustc-link-arg-bins=-no-pie");
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
