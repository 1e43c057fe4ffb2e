//! Links the `fresnel` binary as a position-dependent executable on Linux x86-64: the
//! built-in function tables are static data full of pointers, and in a position-independent
//! executable each pointer is a load-time relocation (some 30,000 of them, about 1.5 ms of
//! every run). Linked at a fixed address, the linker resolves them once.
fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let arch = std::env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && arch == "x86_64" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
