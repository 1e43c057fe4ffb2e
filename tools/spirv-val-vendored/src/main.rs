//! `spirv-val` from the SPIRV-Tools sources the `spirv-tools` crate vendors (v2025.3), for
//! modules using extensions newer than the distribution's validator knows.
//!
//! Takes the subset of `spirv-val`'s command line Fresnel's tools use:
//! `[--target-env ENV] [--scalar-block-layout] [--uniform-buffer-standard-layout]
//! [--relax-block-layout] [--version] FILE|-`. Exit status 0 when the module is valid, 1 with the
//! validator's message on standard error otherwise, 2 on a usage error.

use std::io::Read;
use std::process::ExitCode;

use spirv_tools::val::{Validator, ValidatorOptions};

fn main() -> ExitCode {
    let mut env = spirv_tools::TargetEnv::Universal_1_6;
    let mut options = ValidatorOptions::default();
    let mut input = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--version" => {
                println!("SPIRV-Tools v2025.3 (vendored by the spirv-tools crate 0.13.3)");
                return ExitCode::SUCCESS;
            }
            "--target-env" => match args.next().map(|e| e.parse()) {
                Some(Ok(e)) => env = e,
                _ => return usage("--target-env needs a known environment"),
            },
            "--scalar-block-layout" => options.scalar_block_layout = true,
            "--uniform-buffer-standard-layout" => options.uniform_buffer_standard_layout = true,
            "--relax-block-layout" => options.relax_block_layout = Some(true),
            "--skip-block-layout" => options.skip_block_layout = true,
            _ if arg.starts_with("--") => return usage(&format!("unknown option {arg}")),
            _ if input.is_none() => input = Some(arg),
            _ => return usage("more than one input"),
        }
    }
    let Some(input) = input else {
        return usage("no input");
    };
    let bytes = if input == "-" {
        let mut b = Vec::new();
        if let Err(e) = std::io::stdin().read_to_end(&mut b) {
            eprintln!("error: cannot read standard input: {e}");
            return ExitCode::from(2);
        }
        b
    } else {
        match std::fs::read(&input) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("error: cannot read {input}: {e}");
                return ExitCode::from(2);
            }
        }
    };
    if bytes.len() % 4 != 0 {
        eprintln!("error: {input}: length is not a multiple of 4 bytes");
        return ExitCode::FAILURE;
    }
    let words: Vec<u32> = bytes
        .chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    let validator = spirv_tools::val::create(Some(env));
    match validator.validate(&words, Some(options)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

fn usage(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    eprintln!("usage: spirv-val-vendored [--target-env ENV] [--scalar-block-layout] [--uniform-buffer-standard-layout] FILE|-");
    ExitCode::from(2)
}
