//! Prints the source of the collected shaders whose names (as `fresnel db run` records them,
//! `PATH:GROUP.CASE:N:STAGE` for dEQP cases) contain a pattern:
//! `cargo run -p fresnel-testfmt --example dump_shader -- PATTERN PATH...`.

use std::path::PathBuf;

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(pattern) = args.next() else {
        eprintln!("usage: dump_shader PATTERN PATH...");
        std::process::exit(2);
    };
    let paths: Vec<PathBuf> = args.map(PathBuf::from).collect();
    let mut found = 0;
    for s in fresnel_testfmt::collect::shaders(&paths) {
        if s.name.contains(&pattern) {
            found += 1;
            println!("// {} ({:?})\n{}", s.name, s.stage, s.text);
        }
    }
    if found == 0 {
        eprintln!("no shader name contains `{pattern}`");
        std::process::exit(1);
    }
}
