//! Fresnel, an optimizing compiler for the OpenGL Shading Language: the library facade.
//!
//! ```
//! use fresnel::{Options, SourceInput};
//! let src = "#version 450\nvoid main() { gl_Position = vec4(1.0); }\n";
//! let run = fresnel::parse(SourceInput::new("a.vert", src), &Options::default(), &mut fresnel::NoIncludes);
//! assert!(!run.has_errors());
//! assert!(run.ast_text().unwrap().contains("FunctionDefinition main"));
//! ```
//!
//! Each entry point takes the source text, [`Options`] and an include resolver (the library
//! does no I/O), and returns a [`FrontendRun`] that owns everything the run produced: the
//! source map, the interner, the diagnostics and the products of each phase reached. Nothing
//! is global; runs on different threads share nothing.

pub use fresnel_ir as ir;
pub use fresnel_link as link;
pub use fresnel_lower as lower;
pub use fresnel_sema as sema;
pub use fresnel_syntax as syntax;

pub use fresnel_syntax::diag::{Diagnostic, Diagnostics, Severity};
pub use fresnel_syntax::pp::{
    CommandLineMacro, IncludeKind, IncludeResolver, NoIncludes, PpLimits,
};
pub use fresnel_syntax::version::{Profile, Stage, TargetEnv, Version};

mod link_facts;
pub use link_facts::shader_facts;

use fresnel_syntax::ast::TranslationUnit;
use fresnel_syntax::diag::RenderOptions;
use fresnel_syntax::intern::Interner;
use fresnel_syntax::parse::ParseOptions;
use fresnel_syntax::pp::{PpOptions, PpOutput};
use fresnel_syntax::source::{FileId, FileOrigin, SourceMap, Span};

/// How diagnostics are printed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum ErrorFormat {
    /// `FILE:LINE:COL: error: message`, the source line and a caret.
    #[default]
    Human,
    /// One JSON object per line.
    Json,
}

/// Compilation options.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The stage, when the file name does not say it.
    pub stage: Option<Stage>,
    pub target: TargetEnv,
    /// `-D` / `-U`, in order.
    pub defines: Vec<CommandLineMacro>,
    /// The version used when a shader has no `#version`.
    pub default_version: Option<Version>,
    /// Compile as this version whatever `#version` says.
    pub version_override: Option<Version>,
    pub pp_limits: PpLimits,
    /// Deepest nesting the parser accepts (default 256).
    pub max_nesting: Option<usize>,
    /// Report warnings as errors.
    pub warnings_as_errors: bool,
    /// Drop warnings.
    pub no_warnings: bool,
    /// glslang's relaxed Vulkan rules (`-R`), for GL-style shaders compiled for Vulkan:
    /// `gl_VertexID` and `gl_InstanceID` exist there too, as `VertexIndex` and
    /// `InstanceIndex`, and a default uniform may be a structure holding opaque members
    /// (the default uniform block and the split of such structures are the linker's part).
    pub relaxed_vulkan: bool,
    /// Preprocessing only (`fresnel preprocess`, glslang's `-E`): `#extension` directives
    /// are passed on, and one that requires an unsupported extension is a warning, since no
    /// compilation follows to need it (as glslang and Mesa's glcpp have it).
    pub preprocess_only: bool,
}

/// A shader source given to the compiler.
#[derive(Copy, Clone, Debug)]
pub struct SourceInput<'a> {
    /// The name used in diagnostics (usually the path).
    pub name: &'a str,
    pub text: &'a str,
}

impl<'a> SourceInput<'a> {
    pub fn new(name: &'a str, text: &'a str) -> SourceInput<'a> {
        SourceInput { name, text }
    }
}

/// Everything one run of the front end produced.
pub struct FrontendRun {
    pub source_map: SourceMap,
    pub interner: Interner,
    pub diagnostics: Diagnostics,
    pub main_file: FileId,
    /// The stage, from the options or the file name.
    pub stage: Option<Stage>,
    pub preprocessed: PpOutput,
    /// The syntax tree, when parsing was asked for ([`parse`], [`check`]; [`lower_to_ir`]
    /// releases it once the program is checked).
    pub ast: Option<TranslationUnit>,
    /// The checked program, when semantic analysis was asked for.
    pub hir: Option<fresnel_sema::hir::Module>,
    /// The IR, when lowering was asked for and the shader has no errors.
    pub ir: Option<fresnel_ir::Shader>,
}

impl FrontendRun {
    /// Whether any error was reported.
    pub fn has_errors(&self) -> bool {
        self.diagnostics.has_errors()
    }

    /// Diagnostics rendered for people or as JSON lines.
    pub fn render_diagnostics(&self, format: ErrorFormat, color: bool) -> String {
        let list = self.diagnostics.as_slice();
        let mut out = match format {
            ErrorFormat::Human => fresnel_syntax::diag::render_human(
                &self.source_map,
                &self.interner,
                list,
                RenderOptions { color },
            ),
            ErrorFormat::Json => fresnel_syntax::diag::render_json(&self.source_map, list),
        };
        let dropped = self.diagnostics.dropped();
        if dropped > 0 && format == ErrorFormat::Human {
            out.push_str(&format!("note: {dropped} more diagnostics not shown\n"));
        }
        out
    }

    /// The preprocessed source, as `fresnel preprocess` prints it.
    pub fn preprocessed_text(&self) -> String {
        fresnel_syntax::pp::print_preprocessed(&self.preprocessed, &self.source_map, &self.interner)
    }

    /// The HIR dump, as `fresnel compile --emit hir` prints it.
    pub fn hir_text(&self) -> Option<String> {
        self.hir
            .as_ref()
            .map(|m| fresnel_sema::print_hir(m, &self.interner))
    }

    /// The syntax tree dump, as `fresnel compile --emit ast` prints it.
    pub fn ast_text(&self) -> Option<String> {
        self.ast
            .as_ref()
            .map(|tu| fresnel_syntax::ast::print_ast(tu, &self.source_map, &self.interner))
    }
}

fn pp_options(opts: &Options, stage: Option<Stage>) -> PpOptions {
    PpOptions {
        stage,
        target: opts.target,
        default_version: opts.default_version,
        version_override: opts.version_override,
        defines: opts.defines.clone(),
        gl_spirv: false,
        enabled_extensions: Vec::new(),
        limits: opts.pp_limits.clone(),
        preprocess_only: opts.preprocess_only,
    }
}

/// Runs the preprocessor.
pub fn preprocess(
    src: SourceInput<'_>,
    opts: &Options,
    includer: &mut dyn IncludeResolver,
) -> FrontendRun {
    let mut source_map = SourceMap::new();
    let mut interner = Interner::new();
    let mut diagnostics = Diagnostics::new();
    diagnostics.warnings_as_errors = opts.warnings_as_errors;
    diagnostics.suppress_warnings = opts.no_warnings;
    let main_file = source_map.add_file(src.name, src.text, FileOrigin::Main);
    let stage = opts.stage.or_else(|| Stage::from_path(src.name));
    let preprocessed = fresnel_syntax::pp::preprocess(
        &mut source_map,
        &mut interner,
        &mut diagnostics,
        main_file,
        &pp_options(opts, stage),
        includer,
    );
    FrontendRun {
        source_map,
        interner,
        diagnostics,
        main_file,
        stage,
        preprocessed,
        ast: None,
        hir: None,
        ir: None,
    }
}

/// Preprocesses and parses.
pub fn parse(
    src: SourceInput<'_>,
    opts: &Options,
    includer: &mut dyn IncludeResolver,
) -> FrontendRun {
    let mut run = preprocess(src, opts, includer);
    parse_phase(&mut run, opts);
    run
}

// The phases after preprocessing fill in one `FrontendRun` in place (performance: the run
// is large, and each phase returning it by value copied it).

fn parse_phase(run: &mut FrontendRun, opts: &Options) {
    // The preprocessor stopped at a limit and reported it: the token stream is cut short, so
    // parsing it would only report the cut again as syntax errors.
    if run.preprocessed.truncated {
        return;
    }
    let parse_opts = ParseOptions {
        max_depth: opts
            .max_nesting
            .unwrap_or(ParseOptions::default().max_depth),
        stage: run.stage,
        ..ParseOptions::default()
    };
    let ast = fresnel_syntax::parse::parse(
        &run.preprocessed,
        &run.source_map,
        &mut run.interner,
        &mut run.diagnostics,
        &parse_opts,
    );
    run.ast = Some(ast);
    run.diagnostics.sort_by_position(&run.source_map);
}

/// Runs every check: preprocessing, parsing and semantic analysis (the HIR is in the result).
pub fn check(
    src: SourceInput<'_>,
    opts: &Options,
    includer: &mut dyn IncludeResolver,
) -> FrontendRun {
    let mut run = preprocess(src, opts, includer);
    parse_phase(&mut run, opts);
    check_phase(&mut run, opts);
    run
}

fn check_phase(run: &mut FrontendRun, opts: &Options) {
    // Semantic analysis runs even after a syntax error, so one run reports both kinds.
    if let Some(ast) = run.ast.as_ref() {
        let copts = fresnel_sema::CheckOptions {
            stage: run.stage,
            target: opts.target,
            relaxed_vulkan: opts.relaxed_vulkan,
        };
        let module = fresnel_sema::check(
            ast,
            &run.preprocessed,
            &run.source_map,
            &mut run.interner,
            &mut run.diagnostics,
            &copts,
        );
        run.hir = Some(module);
        run.diagnostics.sort_by_position(&run.source_map);
    }
}

/// Checks the shader and, when it has no errors, lowers it to the IR (in SSA form) in
/// [`FrontendRun::ir`]. A construct the lowering cannot handle is reported as an error
/// diagnostic (code `E-lower`). The token list and the syntax tree are released once the
/// program is checked: in the result they are empty.
pub fn lower_to_ir(
    src: SourceInput<'_>,
    opts: &Options,
    includer: &mut dyn IncludeResolver,
) -> FrontendRun {
    let mut run = preprocess(src, opts, includer);
    parse_phase(&mut run, opts);
    // What no later phase reads is freed as soon as it is done with, so that the next
    // phases reuse its memory (performance: fresh heap pages cost a page fault each, about
    // 3 us here; the tokens and the syntax tree are over a third of the peak heap).
    run.preprocessed.tokens = Vec::new();
    check_phase(&mut run, opts);
    run.ast = None;
    lower_phase(&mut run, opts);
    run
}

fn lower_phase(run: &mut FrontendRun, opts: &Options) {
    if run.has_errors() {
        return;
    }
    let Some(module) = run.hir.as_ref() else {
        return;
    };
    let lopts = fresnel_lower::LowerOptions {
        vulkan: opts.target.is_vulkan(),
        no_ssa: false,
    };
    match fresnel_lower::lower(module, &run.interner, &lopts) {
        Ok(shader) => run.ir = Some(shader),
        Err(e) => {
            let span = e.span.unwrap_or(Span::new(run.main_file, 0, 0));
            run.diagnostics.error("E-lower", span, e.message);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowering_releases_the_tokens_and_the_tree() {
        let src =
            "#version 450\nlayout(location = 0) out vec4 c;\nvoid main() { c = vec4(1.0); }\n";
        let r = lower_to_ir(
            SourceInput::new("x.frag", src),
            &Options::default(),
            &mut NoIncludes,
        );
        assert!(r.ir.is_some() && r.hir.is_some(), "{:?}", r.diagnostics);
        assert!(r.ast.is_none());
        assert!(r.preprocessed.tokens.is_empty());
        // `check` keeps both.
        let c = check(
            SourceInput::new("x.frag", src),
            &Options::default(),
            &mut NoIncludes,
        );
        assert!(c.ast.is_some() && !c.preprocessed.tokens.is_empty());
    }

    #[test]
    fn runs_are_independent_and_deterministic() {
        let src = "#version 450\n#define N 3\nuniform float a[N];\nvoid main() { gl_Position = vec4(a[0]); }\n";
        let a = parse(
            SourceInput::new("x.vert", src),
            &Options::default(),
            &mut NoIncludes,
        );
        let b = parse(
            SourceInput::new("x.vert", src),
            &Options::default(),
            &mut NoIncludes,
        );
        assert!(!a.has_errors());
        assert_eq!(a.ast_text(), b.ast_text());
        assert_eq!(a.stage, Some(Stage::Vertex));
    }

    #[test]
    fn threads_share_nothing() {
        let handles: Vec<_> = (0..4)
            .map(|i| {
                std::thread::spawn(move || {
                    let src = format!("#version 450\nfloat v{i};\nvoid main() {{ v{i} = 1.0; }}\n");
                    let r = parse(
                        SourceInput::new("t.frag", &src),
                        &Options::default(),
                        &mut NoIncludes,
                    );
                    (r.has_errors(), r.ast_text().unwrap_or_default())
                })
            })
            .collect();
        for (i, h) in handles.into_iter().enumerate() {
            let (err, text) = h.join().unwrap();
            assert!(!err);
            assert!(text.contains(&format!("Declarator v{i}")));
        }
    }

    #[test]
    fn diagnostics_render_in_both_formats() {
        let r = parse(
            SourceInput::new("bad.frag", "void main() { x = ; }\n"),
            &Options::default(),
            &mut NoIncludes,
        );
        assert!(r.has_errors());
        let human = r.render_diagnostics(ErrorFormat::Human, false);
        assert!(
            human.starts_with("bad.frag:1:19: error: expected an expression, found `;`"),
            "{human}"
        );
        let json = r.render_diagnostics(ErrorFormat::Json, false);
        assert!(json.contains("\"line\":1"), "{json}");
    }
}
