//! The `fresnel` command-line tool.
//!
//! Exit codes: 0 success, 1 the shader has errors (diagnostics on stderr), 2 usage or I/O
//! errors. The work needs a stack of [`STACK_BYTES`], so that the front end's nesting limits,
//! not the platform's default stack size, bound recursion: on Linux it runs on the main thread
//! once the stack limit is raised to that (the kernel grows the main stack up to the limit in
//! force at the time), elsewhere or when the limit cannot be raised on a thread of its own.
//!
//! On Linux with glibc the binary defines the C `main` itself (`no_main`): std's runtime set-up
//! reads `/proc/self/maps` to place the main thread's stack guard, about a tenth of the
//! whole-process time of a small compile. What else that set-up does is done here or not
//! needed: glibc hands std the arguments through `.init_array`; standard output is flushed
//! before returning; SIGPIPE keeps its default action, so `fresnel ... | head` ends quietly as
//! C tools do.
#![cfg_attr(all(target_os = "linux", target_env = "gnu", not(test)), no_main)]

mod db;
mod deqp;
mod fastargs;
mod heap;
mod includes;
mod piglit;
mod run;
mod units;

use std::io::{IsTerminal, Seek, Write};
use std::path::{Path, PathBuf};
#[cfg(any(not(all(target_os = "linux", target_env = "gnu")), test))]
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};

use fresnel::{CommandLineMacro, ErrorFormat, FrontendRun, Options, SourceInput, Stage, TargetEnv};

/// Stack the compiler is given. At the front end's nesting limits a debug build uses under
/// 4 MiB and a release build under 1 MiB (inputs nested to the limit in every way the limits
/// count: parentheses, unary operators, blocks, ifs, else-if chains, loops, conditionals,
/// indexing, operator chains).
const STACK_BYTES: u64 = 64 << 20;

/// The largest `--max-nesting` accepted: 16 times the default. A debug build's deepest input
/// there (indexing nested in indexing) still fits [`STACK_BYTES`] with room to spare; at
/// twice this it does not.
const MAX_NESTING: usize = 4096;

/// Largest input file accepted.
const MAX_FILE_BYTES: u64 = 64 << 20;

#[derive(Parser, Debug)]
#[command(
    name = "fresnel",
    version,
    about = "An optimizing compiler for the OpenGL Shading Language"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

// `defer`: a subcommand's arguments are built only when it is the one invoked (building the
// whole command tree was a third of the instructions of a small compile).
#[derive(Subcommand, Debug)]
#[command(defer = true)]
enum DbCommand {
    /// Compile shader files, piglit .shader_test and dEQP .test files (directories are
    /// searched) and record per-shader statistics as JSON.
    Run {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        /// The JSON file to write.
        #[arg(short = 'o', long = "output", required = true)]
        output: PathBuf,
        /// Optimize for speed.
        #[arg(short = 'O', action = clap::ArgAction::SetTrue)]
        o: bool,
        /// No optimization (the default).
        #[arg(long = "O0", action = clap::ArgAction::SetTrue)]
        o0: bool,
        /// Optimize for size.
        #[arg(long = "Os", action = clap::ArgAction::SetTrue)]
        os: bool,
        /// opengl (the default; GLSL ES sources use opengles), vulkan1.0 ... vulkan1.3.
        #[arg(long = "target-env", default_value = "opengl")]
        target_env: String,
        /// Parallel jobs (default: one per core).
        #[arg(short = 'j', value_name = "N")]
        jobs: Option<usize>,
        /// Do not run this optimization pass (repeatable).
        #[arg(long = "disable-pass", value_name = "PASS")]
        disable_pass: Vec<String>,
        /// Vulkan targets: a shader whose SPIR-V cannot be written because it has uniforms
        /// outside blocks is written again with them gathered into `gl_DefaultUniformBlock`
        /// (as `compile --relaxed` does, and as the refc peer retries with glslang's relaxed
        /// mode).
        #[arg(long)]
        relaxed: bool,
    },
    /// Compare two runs, shader-db style.
    Report {
        before: PathBuf,
        after: PathBuf,
        /// Statistics to compare (repeatable; default: the main IR and SPIR-V counts).
        #[arg(long = "stat")]
        stats: Vec<String>,
        /// How many of the most helped and most hurt shaders to list.
        #[arg(long, default_value_t = 5)]
        top: usize,
        /// Write a histogram of the per-shader changes of the first statistic as PNG.
        #[arg(long)]
        plot: Option<PathBuf>,
    },
}

#[derive(Subcommand, Debug)]
#[command(defer = true)]
enum Command {
    /// shader-db: compile a corpus and record statistics, or compare two runs.
    Db {
        #[command(subcommand)]
        command: DbCommand,
    },
    /// Validate shaders; prints diagnostics and nothing else.
    Check {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Check by glslang's relaxed Vulkan rules (as `compile --relaxed`): the OpenGL
        /// vertex and instance ids are declared for a Vulkan target.
        #[arg(long)]
        relaxed: bool,
        #[command(flatten)]
        common: Common,
    },
    /// Print the preprocessed source (like `cc -E`).
    Preprocess {
        file: PathBuf,
        /// Write the output here instead of standard output (`-` is standard output).
        #[arg(short = 'o', long = "output")]
        output: Option<PathBuf>,
        #[command(flatten)]
        common: Common,
    },
    /// Run dEQP shader-library tests (`.test` files) through the interpreter, or through
    /// SPIR-V on a Vulkan device (`--backend vulkan|both`).
    Deqp {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        #[command(flatten)]
        run: RunnerFlags,
        /// Where execution tests run: the interpreter, SPIR-V on the Vulkan device (Mesa
        /// lavapipe), or both (reporting every test whose outcomes differ).
        #[arg(long, value_enum, default_value = "interp")]
        backend: deqp::Backend,
        /// With `--backend vulkan|both`: compile for Vulkan 1.N (0 to 3: SPIR-V 1.0, 1.3,
        /// 1.5, 1.6).
        #[arg(long = "vulkan-minor", default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=3))]
        vulkan_minor: u8,
    },
    /// Run piglit `.shader_test` files (or the directories holding them) on the
    /// interpreter and check their probes.
    Piglit {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
        #[command(flatten)]
        run: RunnerFlags,
    },
    /// Compile one shader and run it in the interpreter; prints the outputs as JSON.
    Run {
        file: PathBuf,
        /// A stage input for every invocation: NAME=v,v,...
        #[arg(long = "input", value_name = "NAME=V,..")]
        inputs: Vec<String>,
        /// A uniform (GL paths like s.a or arr[1] work): NAME=v,v,...
        #[arg(long = "uniform", value_name = "NAME=V,..")]
        uniforms: Vec<String>,
        /// Inputs, uniforms and buffers from a JSON file.
        #[arg(long)]
        json: Option<PathBuf>,
        /// Fragment shaders: run every pixel of a WxH grid.
        #[arg(long, value_name = "WxH")]
        grid: Option<String>,
        /// With --grid: write the colour output as a PNG.
        #[arg(long)]
        png: Option<PathBuf>,
        /// Vertex shaders: invocations to run.
        #[arg(long)]
        count: Option<usize>,
        /// Compute shaders: workgroups X,Y,Z.
        #[arg(long)]
        groups: Option<String>,
        /// Limit on lane-instructions executed.
        #[arg(long = "max-instructions")]
        max_instructions: Option<u64>,
        /// A 2D texture for a sampler: NAME=checker:WxH or NAME=gradient:WxH (append
        /// ,linear for linear filtering with mipmaps).
        #[arg(long = "texture", value_name = "NAME=KIND:WxH")]
        textures: Vec<String>,
        /// Print the IR to standard error before running.
        #[arg(long = "print-ir")]
        print_ir: bool,
        /// Run this many times and report the speed on standard error.
        #[arg(long, default_value_t = 1)]
        repeat: u32,
        /// A specialization constant: ID=VALUE (constant_id or local_size_*_id).
        #[arg(long = "spec", value_name = "ID=VALUE")]
        spec: Vec<String>,
        #[command(flatten)]
        common: Common,
    },
    /// Compile shaders.
    Compile {
        #[arg(required = true)]
        files: Vec<PathBuf>,
        /// Write the output here instead of standard output (`-` is standard output).
        #[arg(short = 'o', long = "output")]
        output: Option<PathBuf>,
        /// What to produce.
        #[arg(long, value_enum, default_value_t = Emit::Ast)]
        emit: Emit,
        /// No optimization.
        #[arg(long = "O0", action = clap::ArgAction::SetTrue)]
        o0: bool,
        /// Optimize for speed.
        #[arg(short = 'O', action = clap::ArgAction::SetTrue)]
        o: bool,
        /// Optimize for size.
        #[arg(long = "Os", action = clap::ArgAction::SetTrue)]
        os: bool,
        /// Gather uniforms outside blocks into one std140 uniform block,
        /// `gl_DefaultUniformBlock` (glslang's relaxed Vulkan mode), so that GL-style
        /// shaders compile for Vulkan.
        #[arg(long)]
        relaxed: bool,
        /// Print the IR after every optimization pass (to standard error).
        #[arg(long = "print-after-all")]
        print_after_all: bool,
        /// Print the IR after this pass (repeatable).
        #[arg(long = "print-after", value_name = "PASS")]
        print_after: Vec<String>,
        /// Do not run this pass (repeatable).
        #[arg(long = "disable-pass", value_name = "PASS")]
        disable_pass: Vec<String>,
        /// Apply at most N optimization passes and log each application to standard error
        /// (`BISECT: running pass (N) NAME`), to narrow a miscompile to one application.
        #[arg(long = "opt-bisect-limit", value_name = "N")]
        opt_bisect_limit: Option<u64>,
        /// Set of the default uniform block with --relaxed.
        #[arg(long = "default-block-set", value_name = "SET", default_value_t = 0)]
        default_block_set: u32,
        /// Binding of the default uniform block with --relaxed (default: the lowest free one).
        #[arg(long = "default-block-binding", value_name = "BINDING")]
        default_block_binding: Option<u32>,
        #[command(flatten)]
        common: Common,
    },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum)]
enum Emit {
    /// The syntax tree after parsing (no semantic checks).
    Ast,
    /// The checked, typed HIR.
    Hir,
    /// The IR after lowering and SSA construction (the text form `fresnel_ir::parse` reads).
    Ir,
    Spirv,
    SpirvAsm,
    Glsl,
    Vec4,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum, Default)]
enum FormatArg {
    #[default]
    Human,
    Json,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, ValueEnum, Default)]
enum ColorArg {
    #[default]
    Auto,
    Always,
    Never,
}

// The options the test-suite runners (`deqp`, `piglit`) share (a plain comment: a doc
// comment here would replace the subcommands' own descriptions in `--help`).
#[derive(Args, Debug, Clone)]
struct RunnerFlags {
    /// Also print one line per passing test.
    #[arg(long = "list-passing")]
    list_passing: bool,
    /// Do not print failures (only the summary).
    #[arg(short = 'q', long)]
    quiet: bool,
    /// Print a summary line per file.
    #[arg(long = "per-file")]
    per_file: bool,
    /// Optimize every shader (for speed) before it runs.
    #[arg(short = 'O', action = clap::ArgAction::SetTrue)]
    o: bool,
    /// Optimize every shader for size before it runs.
    #[arg(long = "Os", action = clap::ArgAction::SetTrue)]
    os: bool,
}

#[derive(Args, Debug, Clone)]
struct Common {
    /// Shader stage (vert, tesc, tese, geom, frag, comp, ...) when the file name does not say.
    #[arg(short = 'S', long = "stage")]
    stage: Option<String>,
    /// opengl, opengles, vulkan1.0 ... vulkan1.4.
    #[arg(long = "target-env", default_value = "opengl")]
    target_env: String,
    /// Define a macro: NAME or NAME=VALUE.
    #[arg(short = 'D', value_name = "NAME[=VALUE]")]
    define: Vec<String>,
    /// Undefine a macro.
    #[arg(short = 'U', value_name = "NAME")]
    undef: Vec<String>,
    /// Add a directory to the #include search path.
    #[arg(short = 'I', value_name = "DIR")]
    include: Vec<PathBuf>,
    /// How diagnostics are printed.
    #[arg(long = "error-format", value_enum, default_value_t = FormatArg::Human)]
    error_format: FormatArg,
    /// Colour in diagnostics.
    #[arg(long, value_enum, default_value_t = ColorArg::Auto)]
    color: ColorArg,
    /// Parallel jobs for corpus runs.
    #[arg(short = 'j', value_name = "N")]
    jobs: Option<usize>,
    /// Treat warnings as errors.
    #[arg(long = "Werror")]
    werror: bool,
    /// Do not report warnings.
    #[arg(short = 'w')]
    no_warnings: bool,
    /// Compile as this GLSL version whatever `#version` says: 110 ... 460, 100, 300es, 310es, 320es.
    #[arg(long = "glsl-version", value_name = "VERSION")]
    glsl_version: Option<String>,
    /// Deepest nesting of expressions and statements accepted (default 256, at most 4096).
    #[arg(long = "max-nesting", value_name = "N")]
    max_nesting: Option<usize>,
}

/// A usage or I/O failure (exit code 2).
struct Fail(String);

impl Common {
    fn options(&self) -> Result<Options, Fail> {
        let stage = match &self.stage {
            None => None,
            Some(s) => {
                Some(Stage::from_name(s).ok_or_else(|| Fail(format!("unknown stage `{s}`")))?)
            }
        };
        let target = TargetEnv::parse(&self.target_env)
            .ok_or_else(|| Fail(format!("unknown target environment `{}`", self.target_env)))?;
        let mut defines = Vec::new();
        // Definitions first, then undefinitions, as compilers usually apply them.
        for d in &self.define {
            let (name, value) = match d.split_once('=') {
                Some((n, v)) => (n.to_string(), Some(v.to_string())),
                None => (d.clone(), None),
            };
            if !is_identifier(&name) {
                return Err(Fail(format!("-D{d}: `{name}` is not a macro name")));
            }
            defines.push(CommandLineMacro::Define { name, value });
        }
        for u in &self.undef {
            if !is_identifier(u) {
                return Err(Fail(format!("-U{u}: not a macro name")));
            }
            defines.push(CommandLineMacro::Undef { name: u.clone() });
        }
        let version_override = match &self.glsl_version {
            None => None,
            Some(v) => Some(
                parse_version_arg(v)
                    .ok_or_else(|| Fail(format!("--glsl-version: unknown version `{v}`")))?,
            ),
        };
        if let Some(n) = self.max_nesting {
            if !(1..=MAX_NESTING).contains(&n) {
                return Err(Fail(format!(
                    "--max-nesting must be between 1 and {MAX_NESTING} (the compiler's stack holds that much nesting)"
                )));
            }
        }
        Ok(Options {
            stage,
            target,
            defines,
            default_version: None,
            version_override,
            pp_limits: Default::default(),
            max_nesting: self.max_nesting,
            warnings_as_errors: self.werror,
            no_warnings: self.no_warnings,
            relaxed_vulkan: false,
            preprocess_only: false,
        })
    }

    fn error_format(&self) -> ErrorFormat {
        match self.error_format {
            FormatArg::Human => ErrorFormat::Human,
            FormatArg::Json => ErrorFormat::Json,
        }
    }

    fn color(&self) -> bool {
        match self.color {
            ColorArg::Always => true,
            ColorArg::Never => false,
            ColorArg::Auto => {
                std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
            }
        }
    }
}

/// `450`, `450core`, `150compatibility`, `300es`, `310 es`.
fn parse_version_arg(s: &str) -> Option<fresnel::Version> {
    let s = s.replace(' ', "");
    let digits: String = s.chars().take_while(|c| c.is_ascii_digit()).collect();
    let n: u16 = digits.parse().ok()?;
    let profile = match &s[digits.len()..] {
        "" if matches!(n, 100 | 300 | 310 | 320) => fresnel::Profile::Es,
        "" => fresnel::Profile::None,
        "es" => fresnel::Profile::Es,
        "core" => fresnel::Profile::Core,
        "compatibility" => fresnel::Profile::Compatibility,
        _ => return None,
    };
    let v = fresnel::Version::new(n, profile);
    v.is_known().then_some(v)
}

fn is_identifier(s: &str) -> bool {
    let mut c = s.chars();
    c.next()
        .is_some_and(|f| f.is_ascii_alphabetic() || f == '_')
        && c.all(|x| x.is_ascii_alphanumeric() || x == '_')
}

/// The total size of the files (0 for one that cannot be read; reading it reports that).
fn source_bytes(files: &[PathBuf]) -> u64 {
    files
        .iter()
        .map(|f| std::fs::metadata(f).map_or(0, |m| m.len()))
        .sum()
}

/// Reads a shader file: bytes, with invalid UTF-8 replaced (and then reported by the lexer
/// as invalid characters if they are outside comments).
fn read_source(path: &Path) -> Result<String, Fail> {
    let meta = std::fs::metadata(path)
        .map_err(|e| Fail(format!("cannot read {}: {e}", path.display())))?;
    if meta.len() > MAX_FILE_BYTES {
        return Err(Fail(format!(
            "{} is {} bytes; the limit is {} bytes",
            path.display(),
            meta.len(),
            MAX_FILE_BYTES
        )));
    }
    let bytes =
        std::fs::read(path).map_err(|e| Fail(format!("cannot read {}: {e}", path.display())))?;
    Ok(match String::from_utf8(bytes) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}

fn emit_diagnostics(run: &FrontendRun, common: &Common) {
    let text = run.render_diagnostics(common.error_format(), common.color());
    if !text.is_empty() {
        let mut err = std::io::stderr().lock();
        let _ = err.write_all(text.as_bytes());
    }
}

/// SPIR-V options for the `--target-env` in force (OpenGL ES sources go to the OpenGL
/// target, as GL_ARB_gl_spirv is the only GL consumer of SPIR-V).
fn spirv_options(target: fresnel::TargetEnv) -> fresnel_backend::spirv::SpirvOptions {
    use fresnel_backend::spirv::{SpirvOptions, TargetEnv as Spv};
    SpirvOptions {
        target: match target {
            fresnel::TargetEnv::Vulkan { minor } => Spv::Vulkan {
                minor: minor.min(3),
            },
            _ => Spv::OpenGl,
        },
        ..SpirvOptions::default()
    }
}

/// The output file, `None` for standard output (no `-o`, or `-o -`).
fn output_file(output: Option<&Path>) -> Option<&Path> {
    output.filter(|p| p.as_os_str() != "-")
}

/// Writes SPIR-V to a file or standard output (`-o -`, or no `-o`): the words as
/// little-endian bytes, converted through a 16 KiB buffer (performance: no byte copy of the
/// whole module, which for a big shader is 20-odd fresh pages).
fn write_words(output: Option<&Path>, words: &[u32]) -> Result<(), Fail> {
    fn put(w: &mut impl Write, words: &[u32]) -> std::io::Result<()> {
        const CHUNK: usize = 4096;
        let mut buf: Vec<u8> = Vec::with_capacity(4 * words.len().min(CHUNK));
        for chunk in words.chunks(CHUNK) {
            buf.clear();
            buf.extend(chunk.iter().flat_map(|w| w.to_le_bytes()));
            w.write_all(&buf)?;
        }
        w.flush()
    }
    match output_file(output) {
        Some(p) => rewrite_file(p, |f| put(f, words)),
        None => put(&mut std::io::stdout().lock(), words)
            .map_err(|e| Fail(format!("cannot write to standard output: {e}"))),
    }
}

/// Writes an output file through `write`, replacing what the file held.
///
/// An existing file is overwritten from its start and then cut to the new length, rather
/// than truncated to zero when opened: on ext4 (and XFS), truncating a file that has data and
/// writing it again makes `close` start the write-back at once (`auto_da_alloc`, the
/// protection for programs that rewrite files without `fsync`), which costs ~0.15-0.25 ms per
/// compile of a small shader, a sixth of its whole run. The file ends up the same; what is
/// lost is only that protection for a crash in the middle of the write, which a build
/// re-running the compiler repairs anyway. Special files (`/dev/null`, pipes) are written as
/// they are.
fn rewrite_file(
    p: &Path,
    write: impl FnOnce(&mut std::fs::File) -> std::io::Result<()>,
) -> Result<(), Fail> {
    let run = || -> std::io::Result<()> {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .create(true)
            .truncate(false)
            .open(p)?;
        write(&mut f)?;
        if f.metadata()?.is_file() {
            let end = f.stream_position()?;
            f.set_len(end)?;
        }
        Ok(())
    };
    run().map_err(|e| Fail(format!("cannot write {}: {e}", p.display())))
}

/// The optimization level of the runners' `-O` / `--Os` flags.
fn opt_level(o: bool, os: bool) -> fresnel_opt::OptLevel {
    if o {
        fresnel_opt::OptLevel::O
    } else if os {
        fresnel_opt::OptLevel::Os
    } else {
        fresnel_opt::OptLevel::O0
    }
}

fn write_output(output: Option<&Path>, text: &str) -> Result<(), Fail> {
    match output_file(output) {
        Some(p) => rewrite_file(p, |f| f.write_all(text.as_bytes())),
        None => {
            let mut out = std::io::stdout().lock();
            out.write_all(text.as_bytes())
                .and_then(|_| out.flush())
                .map_err(|e| Fail(format!("cannot write to standard output: {e}")))
        }
    }
}

fn run(cli: Cli) -> Result<bool, Fail> {
    match cli.command {
        Command::Db { command } => match command {
            DbCommand::Run {
                paths,
                output,
                o,
                o0,
                os,
                target_env,
                jobs,
                disable_pass,
                relaxed,
            } => {
                if let Some(bad) = disable_pass
                    .iter()
                    .find(|n| fresnel_opt::pass_by_name(n).is_none())
                {
                    return Err(Fail(format!("unknown pass `{bad}`")));
                }
                if [o0, o, os].iter().filter(|&&b| b).count() > 1 {
                    return Err(Fail("choose one of -O0, -O and -Os".into()));
                }
                let level = if o {
                    fresnel_opt::OptLevel::O
                } else if os {
                    fresnel_opt::OptLevel::Os
                } else {
                    fresnel_opt::OptLevel::O0
                };
                let target = TargetEnv::parse(&target_env)
                    .ok_or_else(|| Fail(format!("unknown target environment `{target_env}`")))?;
                let settings = db::Settings {
                    level,
                    target,
                    disabled: disable_pass,
                    relaxed,
                };
                db::run(&paths, &output, &settings, jobs).map_err(Fail)?;
                Ok(true)
            }
            DbCommand::Report {
                before,
                after,
                stats,
                top,
                plot,
            } => {
                let text =
                    db::report(&before, &after, &stats, top, plot.as_deref()).map_err(Fail)?;
                print!("{text}");
                Ok(true)
            }
        },
        Command::Run {
            file,
            inputs,
            uniforms,
            json,
            grid,
            png,
            count,
            groups,
            max_instructions,
            textures,
            print_ir,
            repeat,
            spec,
            common,
        } => {
            let opts = common.options()?;
            let text = read_source(&file)?;
            let name = file.to_string_lossy();
            let mut inc = includes::FsIncludes::new(&file, &common.include);
            let fe = fresnel::lower_to_ir(SourceInput::new(&name, &text), &opts, &mut inc);
            emit_diagnostics(&fe, &common);
            let Some(ir) = fe.ir.as_ref() else {
                return Ok(false);
            };
            if print_ir {
                let mut text = String::new();
                fresnel::ir::Printer::new(ir).shader(&mut text);
                eprintln!("{text}");
            }
            let args = run::RunArgs {
                repeat,
                textures,
                inputs,
                uniforms,
                json,
                grid,
                png,
                count,
                groups,
                max_instructions,
                spec,
            };
            match run::run(ir, &args) {
                Ok(out) => {
                    write_output(None, &out)?;
                    write_output(None, "\n")?;
                    Ok(true)
                }
                Err(e) => {
                    eprintln!("fresnel: error: {e}");
                    Ok(false)
                }
            }
        }
        Command::Deqp {
            files,
            run,
            backend,
            vulkan_minor,
        } => {
            let args = deqp::DeqpArgs {
                opt: opt_level(run.o, run.os),
                list_passing: run.list_passing,
                quiet: run.quiet,
                per_file: run.per_file,
                backend,
                vulkan_minor,
            };
            Ok(deqp::main(&files, &args))
        }
        Command::Piglit { paths, run } => {
            let args = piglit::PiglitArgs {
                opt: opt_level(run.o, run.os),
                list_passing: run.list_passing,
                quiet: run.quiet,
                per_file: run.per_file,
            };
            Ok(piglit::main(&piglit::collect(&paths), &args))
        }
        Command::Check {
            files,
            relaxed,
            common,
        } => {
            let mut opts = common.options()?;
            opts.relaxed_vulkan = relaxed && opts.target.is_vulkan();
            let mut ok = true;
            heap::prepare_for_source(source_bytes(&files));
            for f in &files {
                let text = read_source(f)?;
                let name = f.to_string_lossy();
                let mut inc = includes::FsIncludes::new(f, &common.include);
                let run = fresnel::check(SourceInput::new(&name, &text), &opts, &mut inc);
                emit_diagnostics(&run, &common);
                ok &= !run.has_errors();
            }
            Ok(ok)
        }
        Command::Preprocess {
            file,
            output,
            common,
        } => {
            let opts = fresnel::Options {
                preprocess_only: true,
                ..common.options()?
            };
            let text = read_source(&file)?;
            let name = file.to_string_lossy();
            let mut inc = includes::FsIncludes::new(&file, &common.include);
            let run = fresnel::preprocess(SourceInput::new(&name, &text), &opts, &mut inc);
            emit_diagnostics(&run, &common);
            if run.has_errors() {
                return Ok(false);
            }
            write_output(output.as_deref(), &run.preprocessed_text())?;
            Ok(true)
        }
        Command::Compile {
            files,
            output,
            emit,
            o0,
            o,
            os,
            relaxed,
            default_block_set,
            default_block_binding,
            print_after_all,
            print_after,
            disable_pass,
            opt_bisect_limit,
            common,
        } => {
            let mut opts = common.options()?;
            opts.relaxed_vulkan = relaxed && opts.target.is_vulkan();
            let level = if o {
                fresnel_opt::OptLevel::O
            } else if os {
                fresnel_opt::OptLevel::Os
            } else {
                fresnel_opt::OptLevel::O0
            };
            let known = fresnel_opt::all_passes();
            for name in print_after.iter().chain(&disable_pass) {
                if !known.iter().any(|p| p.name() == name) {
                    let names: Vec<&str> = known.iter().map(|p| p.name()).collect();
                    return Err(Fail(format!(
                        "unknown pass `{name}` (passes: {})",
                        names.join(", ")
                    )));
                }
            }
            let run_opts = fresnel_opt::RunOptions {
                validate: true,
                print_after: if print_after_all {
                    fresnel_opt::PrintAfter::All
                } else if !print_after.is_empty() {
                    fresnel_opt::PrintAfter::Passes(print_after.clone())
                } else {
                    fresnel_opt::PrintAfter::Nothing
                },
                disabled: disable_pass.clone(),
                bisect_limit: opt_bisect_limit,
            };
            if [o0, o, os].iter().filter(|&&b| b).count() > 1 {
                return Err(Fail("choose one of -O0, -O and -Os".into()));
            }
            if !matches!(
                emit,
                Emit::Ast | Emit::Hir | Emit::Ir | Emit::Spirv | Emit::SpirvAsm
            ) {
                return Err(Fail(format!(
                    "--emit {} is not available yet (use --emit ast, hir, ir, spirv or spirv-asm)",
                    emit.to_possible_value()
                        .map_or("?".into(), |v| v.get_name().to_string())
                )));
            }
            // Several files of --emit ir/spirv/spirv-asm form one program and are linked;
            // several SPIR-V modules go to a directory, one `STAGE.spv` each.
            let program =
                files.len() > 1 && matches!(emit, Emit::Ir | Emit::Spirv | Emit::SpirvAsm);
            if files.len() > 1 && output.is_some() && !(program && emit == Emit::Spirv) {
                return Err(Fail("-o with several input files: the output goes to standard output (with --emit spirv, -o names a directory)".into()));
            }
            if program && emit == Emit::Spirv && output.is_none() {
                return Err(Fail("--emit spirv with several input files writes one module per stage: give -o DIRECTORY".into()));
            }
            let mut spv: Vec<u32> = Vec::new();
            let mut ok = true;
            let mut out = String::new();
            let mut shaders: Vec<(String, fresnel_ir::Shader)> = Vec::new();
            // Issue 4: per shader, what linking units needs of its language.
            let mut unit_langs: Vec<units::UnitLang> = Vec::new();
            // What the program's link checks need beyond the IR, per file.
            let mut unit_facts: Vec<fresnel_link::ShaderFacts> = Vec::new();
            heap::prepare_for_source(source_bytes(&files));
            for f in &files {
                let text = read_source(f)?;
                let name = f.to_string_lossy();
                let mut inc = includes::FsIncludes::new(f, &common.include);
                let src = SourceInput::new(&name, &text);
                let mut run = match emit {
                    Emit::Ast => fresnel::parse(src, &opts, &mut inc),
                    Emit::Ir | Emit::Spirv | Emit::SpirvAsm => {
                        fresnel::lower_to_ir(src, &opts, &mut inc)
                    }
                    _ => fresnel::check(src, &opts, &mut inc),
                };
                emit_diagnostics(&run, &common);
                if run.has_errors() {
                    ok = false;
                    continue;
                }
                if matches!(emit, Emit::Ir | Emit::Spirv | Emit::SpirvAsm) {
                    let lang = run
                        .hir
                        .as_ref()
                        .map_or(units::UnitLang::DESKTOP, |h| units::UnitLang::of(h.version));
                    if program {
                        unit_facts.extend(fresnel::shader_facts(&run, opts.target));
                    }
                    match run.ir.take() {
                        Some(ir) => {
                            shaders.push((name.into_owned(), ir));
                            unit_langs.push(lang);
                        }
                        None => ok = false,
                    }
                    if files.len() == 1 {
                        // The process ends after this file (performance: freeing the HIR
                        // piece by piece is about 1% of a small compile).
                        std::mem::forget(run);
                    }
                    continue;
                }
                let text = match emit {
                    Emit::Ast => run.ast_text(),
                    _ => run.hir_text(),
                };
                if let Some(t) = text {
                    out.push_str(&t);
                }
            }
            // Issue 4: the files of one stage are units of that stage, linked first.
            if ok && !shaders.is_empty() {
                match units::link_stage_units(std::mem::take(&mut shaders), &unit_langs) {
                    Ok(linked) => shaders = linked,
                    Err(e) => {
                        eprintln!("error: linking: {e}");
                        ok = false;
                    }
                }
            }
            // The program links at all (interfaces between stages, uniforms across them,
            // the layouts tessellation and geometry need), before anything is optimized away.
            if ok && program {
                let units: Vec<&fresnel_ir::Shader> = shaders.iter().map(|(_, s)| s).collect();
                if let Err(e) = fresnel_link::validate_program(&units, &unit_facts) {
                    eprintln!("error: linking: {e}");
                    ok = false;
                }
            }
            if ok && level != fresnel_opt::OptLevel::O0 {
                let facts = fresnel_opt::TargetFacts {
                    default_uniforms: matches!(
                        opts.target,
                        TargetEnv::OpenGl | TargetEnv::OpenGlEs
                    ) && !relaxed,
                };
                let pm = fresnel_opt::PassManager::new(
                    fresnel_opt::Pipeline::for_level(level, facts),
                    run_opts,
                );
                for (name, ir) in &mut shaders {
                    match pm.run(ir) {
                        Ok(log) => {
                            for a in &log.applications {
                                if let Some(d) = &a.dump {
                                    eprintln!(
                                        "; IR after {} (application {}) of {name}\n{d}",
                                        a.pass, a.index
                                    );
                                }
                            }
                            if opt_bisect_limit.is_some() {
                                for l in log.bisect_lines() {
                                    eprintln!("{l}");
                                }
                            }
                        }
                        Err(e) => {
                            eprintln!("{name}: internal error: {e}\n{}", e.ir);
                            ok = false;
                        }
                    }
                }
            }
            if ok && (program || relaxed) && !shaders.is_empty() {
                let link_opts = fresnel_link::LinkOptions {
                    default_block: relaxed.then_some(fresnel_link::DefaultBlockOptions {
                        set: default_block_set,
                        binding: default_block_binding,
                    }),
                };
                let mut list: Vec<fresnel_ir::Shader> =
                    shaders.iter().map(|(_, s)| s.clone()).collect();
                match fresnel_link::link_program(&mut list, &link_opts) {
                    Ok(_) => {
                        for ((_, s), linked) in shaders.iter_mut().zip(list) {
                            *s = linked;
                        }
                    }
                    Err(e) => {
                        eprintln!("error: linking: {e}");
                        ok = false;
                    }
                }
            }
            if ok {
                for (name, ir) in &shaders {
                    if emit == Emit::Ir {
                        out.push_str(&ir.to_string());
                        continue;
                    }
                    match fresnel_backend::spirv::emit(ir, &spirv_options(opts.target)) {
                        Ok(words) if emit == Emit::SpirvAsm => {
                            match fresnel_backend::spirv::disassemble(&words) {
                                Ok(text) => out.push_str(&text),
                                Err(e) => {
                                    eprintln!("{name}: error: {e}");
                                    ok = false;
                                }
                            }
                        }
                        Ok(words) if program => {
                            let dir = output.as_deref().unwrap_or(std::path::Path::new("."));
                            // glslangValidator's names: vert.spv, frag.spv, ...
                            let stage = match ir.stage {
                                fresnel_ir::Stage::Vertex => "vert",
                                fresnel_ir::Stage::TessControl => "tesc",
                                fresnel_ir::Stage::TessEval => "tese",
                                fresnel_ir::Stage::Geometry => "geom",
                                fresnel_ir::Stage::Fragment => "frag",
                                fresnel_ir::Stage::Compute => "comp",
                                other => other.name(),
                            };
                            let path = dir.join(format!("{stage}.spv"));
                            write_words(Some(&path), &words)?;
                        }
                        // The first module's words become the output as they are
                        // (performance: no copy of a big module).
                        Ok(words) if spv.is_empty() => spv = words,
                        Ok(words) => spv.extend_from_slice(&words),
                        Err(e) => {
                            eprintln!("{name}: error: {e}");
                            ok = false;
                        }
                    }
                }
            }
            if ok && emit == Emit::Spirv && program {
                return Ok(true);
            }
            if ok && emit == Emit::Spirv {
                write_words(output.as_deref(), &spv)?;
            } else if ok {
                write_output(output.as_deref(), &out)?;
            }
            // The process ends next (performance: freeing the IR piece by piece is about 1%
            // of a small compile).
            std::mem::forget(shaders);
            Ok(ok)
        }
    }
}

/// The command line, with the compiler-style spellings `-O0`, `-Os` and `-Werror` accepted.
fn normalize_args() -> Vec<std::ffi::OsString> {
    normalize(std::env::args_os())
}

/// The spellings `-O0`, `-Os` and `-Werror` of C compilers, as the long options clap knows.
fn normalize(args: impl Iterator<Item = std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    args.map(|a| match a.to_str() {
        Some("-O0") => "--O0".into(),
        Some("-Os") => "--Os".into(),
        Some("-Werror") => "--Werror".into(),
        _ => a,
    })
    .collect()
}

/// Whether the main thread's stack can grow to [`STACK_BYTES`]: on Linux, once the soft stack
/// limit is at least that. The kernel checks the limit in force when the stack grows, and the
/// gap it leaves below the main stack at exec is at least 128 MiB, so raising the limit after
/// start-up is enough. Saves starting a thread (its stack mapping and a malloc arena of its own).
#[cfg(target_os = "linux")]
fn main_stack_suffices() -> bool {
    use rlimit::Resource;
    match rlimit::getrlimit(Resource::STACK) {
        Ok((soft, _)) if soft >= STACK_BYTES => true,
        Ok((_, hard)) if hard >= STACK_BYTES => {
            rlimit::setrlimit(Resource::STACK, STACK_BYTES, hard).is_ok()
        }
        _ => false,
    }
}

#[cfg(not(target_os = "linux"))]
fn main_stack_suffices() -> bool {
    false
}

#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
#[allow(unsafe_code)]
// SAFETY: `no_mangle` on `main`: the crate is `no_main`, so std emits no `main` of its own and
// this is the only definition of the symbol; its signature is the C runtime's
// `int main(int, char **)`, which calls it once, on the main thread.
#[unsafe(no_mangle)]
extern "C" fn main(
    _argc: std::ffi::c_int,
    _argv: *const *const std::ffi::c_char,
) -> std::ffi::c_int {
    heap::tune_malloc();
    let code = cli_main();
    // What std's runtime does once `main` returns.
    let _ = std::io::stdout().flush();
    code.into()
}

#[cfg(any(not(all(target_os = "linux", target_env = "gnu")), test))]
fn main() -> ExitCode {
    ExitCode::from(cli_main())
}

/// Parses the command line and runs the command; returns the exit code.
fn cli_main() -> u8 {
    let args = normalize_args();
    let cli = match fastargs::compile_args(&args).map_or_else(|| Cli::try_parse_from(args), Ok) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 2 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    // `Err` when the compiler panicked (the panic hook has printed the message).
    let outcome = if main_stack_suffices() {
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(cli))).map_err(|_| ())
    } else {
        match std::thread::Builder::new()
            .name("fresnel".into())
            .stack_size(STACK_BYTES as usize)
            .spawn(move || run(cli))
        {
            Ok(h) => h.join().map_err(|_| ()),
            Err(e) => Ok(Err(Fail(format!("cannot start the compiler thread: {e}")))),
        }
    };
    let Ok(result) = outcome else {
        eprintln!(
            "fresnel: internal error: the compiler panicked (this is a bug; please report it)"
        );
        return 101;
    };
    match result {
        Ok(true) => 0,
        Ok(false) => 1,
        Err(Fail(msg)) => {
            eprintln!("fresnel: error: {msg}");
            2
        }
    }
}
