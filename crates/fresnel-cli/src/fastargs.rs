//! The common forms of a `compile` command line, read without building clap's command.
//!
//! (performance: building clap's `compile` command, 27 arguments, and parsing with it costs
//! about 130k instructions and 2.4k cold cache lines, measured with callgrind's cache
//! simulation: about a quarter of the whole-process time of an empty compile.)
//!
//! Clap stays the authority on the command line. This reader accepts only a plain subset
//! (`compile`, file names, and the everyday options each given once, in their spaced form or
//! `-DNAME`/`-IDIR`/`-UNAME`) and returns `None` for anything else: `--help`, `--opt=value`,
//! clustered short flags, a repeated option, an unknown value, a value starting with `-`, the
//! options a build system rarely passes. Clap then reads the command line as before, with its
//! help and its errors. A test compares the two on many generated command lines: whenever this
//! returns a result, clap returns the same one.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::ValueEnum;

use crate::{Cli, ColorArg, Command, Common, Emit, FormatArg};

/// The `compile` command `args` (program name first, after `normalize_args`) asks for, or
/// `None` when clap must read it.
pub(crate) fn compile_args(args: &[OsString]) -> Option<Cli> {
    let (cmd, rest) = args.get(1..)?.split_first()?;
    if cmd.to_str()? != "compile" {
        return None;
    }
    let mut files = Vec::new();
    let mut output = None;
    let mut emit = None;
    let (mut o0, mut o, mut os, mut relaxed) = (false, false, false, false);
    let (mut werror, mut no_warnings) = (false, false);
    let (mut stage, mut target_env, mut glsl_version) = (None, None, None);
    let (mut error_format, mut color) = (None, None);
    let (mut define, mut undef, mut include) = (Vec::new(), Vec::new(), Vec::new());
    let mut it = rest.iter();
    while let Some(arg) = it.next() {
        let arg = arg.to_str()?;
        match arg {
            "-o" | "--output" => once(&mut output, PathBuf::from(value(&mut it)?))?,
            "--emit" => once(&mut emit, Emit::from_str(value(&mut it)?, false).ok()?)?,
            "--O0" => set(&mut o0)?,
            "-O" => set(&mut o)?,
            "--Os" => set(&mut os)?,
            "--relaxed" => set(&mut relaxed)?,
            "--Werror" => set(&mut werror)?,
            "-w" => set(&mut no_warnings)?,
            "-S" | "--stage" => once(&mut stage, value(&mut it)?.to_owned())?,
            "--target-env" => once(&mut target_env, value(&mut it)?.to_owned())?,
            "--glsl-version" => once(&mut glsl_version, value(&mut it)?.to_owned())?,
            "--error-format" => once(
                &mut error_format,
                FormatArg::from_str(value(&mut it)?, false).ok()?,
            )?,
            "--color" => once(&mut color, ColorArg::from_str(value(&mut it)?, false).ok()?)?,
            "-D" => define.push(value(&mut it)?.to_owned()),
            "-U" => undef.push(value(&mut it)?.to_owned()),
            "-I" => include.push(PathBuf::from(value(&mut it)?)),
            _ => {
                if let Some(v) = attached(arg, "-D") {
                    define.push(v.to_owned());
                } else if let Some(v) = attached(arg, "-U") {
                    undef.push(v.to_owned());
                } else if let Some(v) = attached(arg, "-I") {
                    include.push(PathBuf::from(v));
                } else if arg.is_empty() || arg.starts_with('-') {
                    return None;
                } else {
                    files.push(PathBuf::from(arg));
                }
            }
        }
    }
    if files.is_empty() {
        return None;
    }
    Some(Cli {
        command: Command::Compile {
            files,
            output,
            emit: emit.unwrap_or(Emit::Ast),
            o0,
            o,
            os,
            relaxed,
            print_after_all: false,
            print_after: Vec::new(),
            disable_pass: Vec::new(),
            opt_bisect_limit: None,
            default_block_set: 0,
            default_block_binding: None,
            common: Common {
                stage,
                target_env: target_env.unwrap_or_else(|| "opengl".to_owned()),
                define,
                undef,
                include,
                error_format: error_format.unwrap_or_default(),
                color: color.unwrap_or_default(),
                jobs: None,
                werror,
                no_warnings,
                glsl_version,
                max_nesting: None,
            },
        },
    })
}

/// The value after an option: a plain word (`-` alone included, as clap takes it).
fn value<'a>(it: &mut impl Iterator<Item = &'a OsString>) -> Option<&'a str> {
    let v = it.next()?.to_str()?;
    (v == "-" || !(v.is_empty() || v.starts_with('-'))).then_some(v)
}

/// `-DNAME`: the value attached to a short option, when it is a plain word.
fn attached<'a>(arg: &'a str, short: &str) -> Option<&'a str> {
    let v = arg.strip_prefix(short)?;
    (!v.is_empty() && !v.starts_with(['-', '='])).then_some(v)
}

/// Stores an option given once; `None` when it is repeated (clap's rules decide that case).
fn once<T>(slot: &mut Option<T>, v: T) -> Option<()> {
    slot.is_none().then(|| *slot = Some(v))
}

/// Sets a flag given once; `None` when it is repeated.
fn set(flag: &mut bool) -> Option<()> {
    (!*flag).then(|| *flag = true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    fn args(words: &[&str]) -> Vec<OsString> {
        crate::normalize(
            ["fresnel", "compile"]
                .iter()
                .chain(words)
                .map(|w| OsString::from(*w)),
        )
    }

    /// Whenever the fast reader gives a result, clap gives the same one.
    fn agrees(words: &[&str]) -> bool {
        let a = args(words);
        let Some(fast) = compile_args(&a) else {
            return false;
        };
        match Cli::try_parse_from(&a) {
            Ok(c) => assert_eq!(format!("{fast:?}"), format!("{c:?}"), "{words:?}"),
            Err(e) => panic!("{words:?}: fast reader accepted what clap rejects: {e}"),
        }
        true
    }

    #[test]
    fn everyday_command_lines_take_the_fast_path() {
        for words in [
            &["a.frag"][..],
            &["a.frag", "--emit", "spirv", "-o", "a.spv"],
            &[
                "-O",
                "--target-env",
                "vulkan1.1",
                "a.comp",
                "--emit",
                "spirv",
                "-o",
                "-",
            ],
            &[
                "-O0", "-S", "frag", "-DFOO=1", "-D", "BAR", "-Iinc", "-I", "x", "a.glsl",
            ],
            &[
                "--emit",
                "spirv-asm",
                "-Os",
                "--relaxed",
                "-w",
                "-Werror",
                "a.vert",
                "b.vert",
            ],
            &[
                "--error-format",
                "json",
                "--color",
                "never",
                "--glsl-version",
                "450",
                "a.frag",
            ],
            &[
                "-UFOO", "-U", "BAR", "--stage", "comp", "--output", "o.txt", "a",
            ],
        ] {
            assert!(agrees(words), "{words:?} was left to clap");
        }
    }

    #[test]
    fn unusual_command_lines_are_left_to_clap() {
        for words in [
            &[][..],
            &["--help"],
            &["a.frag", "--emit=spirv"],
            &["a.frag", "--emit", "SPIRV"],
            &["a.frag", "-O", "-O"],
            &["a.frag", "-o", "x", "-o", "y"],
            &["a.frag", "-Ow"],
            &["a.frag", "--", "-b"],
            &["a.frag", "-D=X"],
            &["a.frag", "--print-after", "dce"],
            &["a.frag", "-o"],
        ] {
            assert!(compile_args(&args(words)).is_none(), "{words:?}");
        }
        let other = crate::normalize(
            ["fresnel", "check", "a.frag"]
                .map(OsString::from)
                .into_iter(),
        );
        assert!(compile_args(&other).is_none());
    }

    /// Many generated command lines, from words that exercise every branch: clap agrees with
    /// every one the fast reader accepts.
    #[test]
    fn generated_command_lines_agree_with_clap() {
        const WORDS: &[&str] = &[
            "a.frag",
            "b.vert",
            "-",
            "",
            "-o",
            "--output",
            "out.spv",
            "--emit",
            "spirv",
            "ir",
            "spirv-asm",
            "vec4",
            "SPIRV",
            "bogus",
            "-O",
            "-O0",
            "-Os",
            "--O0",
            "--Os",
            "--relaxed",
            "--target-env",
            "vulkan1.0",
            "-S",
            "--stage",
            "frag",
            "-D",
            "-DFOO=1",
            "-D=X",
            "-D-X",
            "-I",
            "-Iinc",
            "-U",
            "-UFOO",
            "--error-format",
            "json",
            "human",
            "--color",
            "never",
            "always",
            "--Werror",
            "-Werror",
            "-w",
            "-Ow",
            "--glsl-version",
            "450",
            "--",
            "--emit=spirv",
            "-j",
            "4",
            "--help",
            "-h",
            "--print-after",
            "-x",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut accepted = 0;
        for _ in 0..20_000 {
            let len = (next() % 9) as usize;
            let words: Vec<&str> = (0..len)
                .map(|_| WORDS[(next() % WORDS.len() as u64) as usize])
                .collect();
            accepted += usize::from(agrees(&words));
        }
        // The comparison is only worth something when the fast reader often answers.
        assert!(
            accepted > 1000,
            "only {accepted} generated command lines compared"
        );
    }
}
