//! The GLSL preprocessor.
//!
//! Input: one main file in the [`SourceMap`]; output: a [`PpOutput`] holding the token stream
//! the parser reads, the version in force, and the directives the parser must see in order
//! (`#extension`, `#pragma`, `#line`).
//!
//! Structure:
//! * `mod.rs` (this file): options, output, the token flow. Tokens come from a stack of
//!   sources: pushed-back tokens, then macro-expansion frames, then the lexer of the innermost
//!   `#include`d file. Directives are handled when the file lexer yields a `#` at the start of a
//!   line; tokens in skipped conditional blocks are dropped there.
//! * `directive.rs`: every directive.
//! * `expand.rs`: macro definition and expansion (argument pre-expansion, `##`, `#`, the
//!   disabled-macro rule of C, expansion records for diagnostics).
//! * `expr.rs`: `#if` expressions (32-bit wrapping arithmetic, short-circuit rules of ES).
//! * `print.rs`: the textual form for `fresnel preprocess`.
//!
//! Every limit is explicit in [`PpLimits`] and reported as an error when reached.

mod directive;
mod expand;
mod expr;
mod print;

pub use print::print_preprocessed;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::diag::{Diagnostic, Diagnostics};
use crate::extensions::{Behavior, Ext, ExtensionState};
use crate::intern::{Interner, Symbol};
use crate::lexer::Lexer;
use crate::source::{FileId, PresumedName, SourceMap, Span};
use crate::token::{Token, TokenFlags, TokenKind};
use crate::version::{Stage, TargetEnv, Version};

/// Bounds on the preprocessor's work. Each is reported as an error when reached.
#[derive(Clone, Debug)]
pub struct PpLimits {
    /// Nesting of macro invocations inside macro arguments (each level recurses).
    pub max_expansion_depth: usize,
    /// Macro-expansion frames alive at once (chains of object-like macros).
    pub max_frames: usize,
    /// Tokens in the output.
    pub max_output_tokens: usize,
    /// Tokens produced by all expansions together (bounds exponential macro bombs).
    pub max_expansion_tokens: usize,
    /// Nesting of `#include`.
    pub max_include_depth: usize,
    /// Nesting of `#if` blocks.
    pub max_conditional_depth: usize,
    /// Nesting of parentheses and operators in an `#if` expression.
    pub max_expr_depth: usize,
    /// Bytes of source text: the main file and every included file together. Spans hold
    /// 32-bit offsets, so this must stay below 4 GiB.
    pub max_source_bytes: usize,
    /// `#include` directives carried out, in all (an empty header included again and again
    /// costs no source bytes but still a file record).
    pub max_included_files: usize,
    /// Bytes of text made during expansion (tokens pasted with `##`, arguments stringized with
    /// `#`, `__LINE__`/`__FILE__` values). Pasting a pasted token doubles it, so nested
    /// invocations grow it exponentially without this limit.
    pub max_scratch_bytes: usize,
}

impl Default for PpLimits {
    fn default() -> Self {
        PpLimits {
            max_expansion_depth: 200,
            max_frames: 10_000,
            max_output_tokens: 1 << 22,
            max_expansion_tokens: 1 << 22,
            max_include_depth: 32,
            max_conditional_depth: 1024,
            max_expr_depth: 256,
            max_source_bytes: 256 << 20,
            max_included_files: 10_000,
            max_scratch_bytes: 16 << 20,
        }
    }
}

/// What the caller tells the preprocessor.
#[derive(Clone, Debug, Default)]
pub struct PpOptions {
    pub stage: Option<Stage>,
    pub target: TargetEnv,
    /// Version used when the shader has no `#version` (default: 1.10, or 1.00 ES when the
    /// target is OpenGL ES).
    pub default_version: Option<Version>,
    /// Compile as this version whatever `#version` says (glslang's `--glsl-version`).
    pub version_override: Option<Version>,
    /// `-D NAME[=VALUE]` and `-U NAME`, in order.
    pub defines: Vec<CommandLineMacro>,
    /// Define `GL_SPIRV` (compiling GLSL to SPIR-V for OpenGL).
    pub gl_spirv: bool,
    /// Extensions to treat as enabled from the start (like `#extension X : enable`).
    pub enabled_extensions: Vec<Ext>,
    pub limits: PpLimits,
    /// Preprocessing only: `#extension X : require` of an unsupported `X` is a warning, not
    /// an error (nothing is compiled that would need it).
    pub preprocess_only: bool,
}

/// A `-D` or `-U` from the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandLineMacro {
    Define { name: String, value: Option<String> },
    Undef { name: String },
}

/// How an `#include` named its file.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum IncludeKind {
    /// `#include "name"`
    Quoted,
    /// `#include <name>`
    Angled,
}

/// Finds the text of `#include`d files. The library does no I/O itself: the command-line
/// tool implements this over the file system with `-I` directories.
pub trait IncludeResolver {
    /// Resolves `name`, included from the file named `from`. Returns the resolved name (for
    /// diagnostics and `#pragma once`) and the text, or a message saying why not.
    fn resolve(
        &mut self,
        name: &str,
        kind: IncludeKind,
        from: &str,
    ) -> Result<(String, String), String>;
}

/// An include resolver that finds nothing.
pub struct NoIncludes;

impl IncludeResolver for NoIncludes {
    fn resolve(
        &mut self,
        name: &str,
        _kind: IncludeKind,
        _from: &str,
    ) -> Result<(String, String), String> {
        Err(format!(
            "cannot open `{name}`: no include directories are configured"
        ))
    }
}

/// A `#pragma` the language defines, or another one (kept as text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pragma {
    /// `#pragma STDGL invariant(all)`
    InvariantAll,
    Optimize(bool),
    Debug(bool),
    /// Any other pragma: its tokens joined by single spaces.
    Other(String),
}

/// A directive the later phases need to see, in order with the tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PpEventKind {
    Version(Version),
    Extension {
        /// The name as written (`all` for `#extension all`).
        name: String,
        ext: Option<Ext>,
        behavior: Behavior,
    },
    Pragma(Pragma),
    Line {
        line: i64,
        name: Option<PresumedName>,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PpEvent {
    /// The event happens before output token `at`.
    pub at: u32,
    /// The directive's span (its `#` through the end of the line).
    pub span: Span,
    pub kind: PpEventKind,
}

impl PpEvent {
    /// Applies an `#extension` directive (`all` included) to an extension state; other
    /// events leave it alone.
    pub fn apply_extension(&self, exts: &mut ExtensionState, version: Version) {
        if let PpEventKind::Extension {
            ext,
            behavior,
            name,
        } = &self.kind
        {
            match ext {
                Some(x) => exts.set(*x, *behavior),
                None if name == "all" => {
                    for &x in Ext::all() {
                        if x.available_in(version) {
                            exts.set(x, *behavior);
                        }
                    }
                }
                None => {}
            }
        }
    }
}

/// The result of preprocessing.
#[derive(Clone, Debug)]
pub struct PpOutput {
    pub tokens: Vec<Token>,
    pub events: Vec<PpEvent>,
    /// The version in force (declared or default).
    pub version: Version,
    /// The `#version` directive, if there was one.
    pub version_span: Option<Span>,
    /// Extension behaviors at the end of the shader.
    pub extensions: ExtensionState,
    /// Some limit was hit; the output is incomplete.
    pub truncated: bool,
    /// Line continuations in code, in a version without line continuation (GLSL before 4.20
    /// without GL_ARB_shading_language_420pack, GLSL ES 1.00). Reported by the parser.
    pub unsupported_continuations: Vec<Span>,
}

/// A macro definition.
#[derive(Clone, Debug)]
pub(crate) struct Macro {
    /// The name in the `#define` (None for predefined macros).
    pub name_span: Option<Span>,
    pub kind: MacroKind,
    /// One token inline: most predefined macros are a number (performance: defining them
    /// allocates nothing).
    pub body: smallvec::SmallVec<[Token; 1]>,
    /// For function-like macros: which body tokens name a parameter (index into params).
    /// Empty for object-like macros.
    pub param_of: Vec<Option<u16>>,
    /// Being expanded now (names it met while rescanning are not expanded).
    pub busy: bool,
    /// Predefined: may not be redefined or undefined.
    pub predefined: bool,
    pub builtin: Option<Builtin>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum MacroKind {
    Object,
    Function { params: Vec<Symbol> },
}

/// Macros whose value depends on where they are used.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Builtin {
    Line,
    File,
    Version,
}

/// `Preprocessor::macro_names` bit: the name is a key of `macros`.
const IS_MACRO: u8 = 1;
/// `Preprocessor::macro_names` bit: looking the name up makes no extension macro.
const NOT_MADE: u8 = 2;

/// One `#if` level.
#[derive(Clone, Debug)]
struct Cond {
    /// The directive that opened it.
    span: Span,
    /// Tokens in the current branch are kept.
    active: bool,
    /// Some branch has been taken (later `#elif`/`#else` are skipped).
    taken: bool,
    /// `#else` seen.
    else_seen: bool,
    /// The enclosing level was active.
    parent_active: bool,
}

struct FileFrame {
    lexer: Lexer,
    /// A token read past the end of a directive line, to be read again.
    lookahead: Option<Token>,
    /// `conds.len()` when the file was entered.
    cond_base: usize,
    /// Lexer continuation records already looked at.
    continuations_seen: usize,
    comment_continuations_seen: usize,
}

struct MacroFrame {
    tokens: Vec<Token>,
    pos: usize,
    /// The macro to re-enable when the frame is done.
    macro_sym: Option<Symbol>,
    /// A barrier: reading past its end yields `Eof` (argument pre-expansion, `#if` lines).
    barrier: bool,
}

/// Runs the preprocessor over `main`.
pub fn preprocess(
    sm: &mut SourceMap,
    interner: &mut Interner,
    diags: &mut Diagnostics,
    main: FileId,
    opts: &PpOptions,
    includer: &mut dyn IncludeResolver,
) -> PpOutput {
    let text = sm
        .file(main)
        .shared_text()
        .unwrap_or_else(|| std::sync::Arc::from(sm.file(main).text()));
    let mut pp = Preprocessor {
        sm,
        interner,
        diags,
        opts,
        includer,
        files: vec![FileFrame {
            lexer: Lexer::new(main, text),
            lookahead: None,
            cond_base: 0,
            continuations_seen: 0,
            comment_continuations_seen: 0,
        }],
        frames: Vec::new(),
        pushback: Vec::new(),
        // The predefined macros (performance: 8 buckets stay a small allocation, which the
        // allocator serves fast; a shader with macros of its own regrows the table once).
        macros: FxHashMap::with_capacity_and_hasher(7, Default::default()),
        macro_names: Vec::new(),
        conds: Vec::new(),
        version: None,
        version_span: None,
        seen_content: false,
        seen_token: false,
        exts: ExtensionState::default(),
        events: Vec::new(),
        out: Vec::new(),
        expansion_depth: 0,
        expansion_tokens: 0,
        collecting_args: 0,
        stopped: false,
        truncated: false,
        in_if_expr: false,
        pragma_once: Vec::new(),
        undefined_predefined: FxHashSet::default(),
        continuations: Vec::new(),
        source_bytes: 0,
        included_files: 0,
    };
    for &e in &opts.enabled_extensions {
        pp.exts.set(e, Behavior::Enable);
    }
    // About one token per three bytes of source: reserving up front avoids regrowing (and
    // copying) the output vector (performance). At most 2^18 tokens (6 MB) are reserved; a
    // larger output grows as usual.
    let estimate = (pp.sm.file(main).text().len() / 3)
        .min(pp.opts.limits.max_output_tokens)
        .min(1 << 18);
    pp.out.reserve(estimate);
    let main_len = pp.sm.file(main).text().len();
    if pp.take_source_bytes(main_len, Span::new(main, 0, 0)) {
        pp.run();
    }
    let version = pp.current_version();
    PpOutput {
        tokens: pp.out,
        events: pp.events,
        version,
        version_span: pp.version_span,
        extensions: pp.exts,
        truncated: pp.truncated,
        unsupported_continuations: pp.continuations,
    }
}

pub(crate) struct Preprocessor<'a> {
    sm: &'a mut SourceMap,
    interner: &'a mut Interner,
    diags: &'a mut Diagnostics,
    opts: &'a PpOptions,
    includer: &'a mut dyn IncludeResolver,
    files: Vec<FileFrame>,
    frames: Vec<MacroFrame>,
    pushback: Vec<Token>,
    macros: FxHashMap<Symbol, Macro>,
    /// Per symbol (indexed by its number), what `lookup_macro` knows: [`IS_MACRO`] (a key of
    /// `macros`) and [`NOT_MADE`] (no extension macro is made for it in this version).
    macro_names: Vec<u8>,
    conds: Vec<Cond>,
    /// The version, once decided (by `#version` or by the first other content).
    version: Option<Version>,
    version_span: Option<Span>,
    /// A directive or token other than `#version` has been seen.
    seen_content: bool,
    /// A (non-directive) token has been produced.
    seen_token: bool,
    exts: ExtensionState,
    events: Vec<PpEvent>,
    out: Vec<Token>,
    expansion_depth: usize,
    expansion_tokens: usize,
    collecting_args: usize,
    /// A fatal limit was hit: produce no more tokens.
    stopped: bool,
    truncated: bool,
    /// Expanding an `#if` line: `defined X` is passed through unexpanded.
    in_if_expr: bool,
    pragma_once: Vec<String>,
    /// Predefined extension macros the shader undefined.
    undefined_predefined: FxHashSet<Symbol>,
    /// Line continuations in active code, for the version check the parser makes.
    continuations: Vec<Span>,
    /// Bytes of source read so far (main file and includes), against `max_source_bytes`.
    source_bytes: usize,
    /// `#include` directives carried out so far, against `max_included_files`.
    included_files: usize,
}

impl Preprocessor<'_> {
    fn run(&mut self) {
        loop {
            let t = self.next_output_token();
            if t.kind == TokenKind::Eof {
                break;
            }
            if self.out.len() >= self.opts.limits.max_output_tokens {
                self.fatal(
                    "pp-output-limit",
                    t.span,
                    format!(
                        "preprocessed output exceeds the limit of {} tokens",
                        self.opts.limits.max_output_tokens
                    ),
                );
                break;
            }
            self.out.push(t);
        }
        if self.version.is_none() {
            self.decide_version();
        }
    }

    /// The next token of the output: [`Self::next_expanded`], with its common case first
    /// (performance: most tokens come straight from the file and name no macro).
    #[inline]
    fn next_output_token(&mut self) -> Token {
        if self.pushback.is_empty() && self.frames.is_empty() {
            let t = self.next_file_token();
            if t.kind != TokenKind::Ident
                || t.flags.has(TokenFlags::NO_EXPAND)
                || (!self.in_if_expr && !self.lookup_macro(t.sym))
            {
                return t;
            }
            // A macro (or `defined`): expanded as `next_expanded` would have read it.
            self.pushback.push(t);
        }
        self.next_expanded()
    }

    fn error(&mut self, code: &'static str, span: Span, msg: impl Into<String>) {
        self.diags.push(Diagnostic::error(code, span, msg));
    }

    fn warning(&mut self, code: &'static str, span: Span, msg: impl Into<String>) {
        self.diags.push(Diagnostic::warning(code, span, msg));
    }

    /// Counts `len` more bytes of source against `max_source_bytes`; past the limit, reports
    /// it at `at`, stops, and returns false.
    fn take_source_bytes(&mut self, len: usize, at: Span) -> bool {
        self.source_bytes = self.source_bytes.saturating_add(len);
        let limit = self.opts.limits.max_source_bytes;
        if self.source_bytes > limit {
            self.fatal(
                "pp-source-limit",
                at,
                format!("the source text exceeds the limit of {limit} bytes"),
            );
            return false;
        }
        true
    }

    /// Adds text made during expansion (a pasted token, a stringized argument, a `__LINE__`
    /// value) to the scratch file. Past `max_scratch_bytes`, reports the limit at `at`, stops
    /// and returns `None`.
    pub(crate) fn scratch(&mut self, text: &str, at: Span) -> Option<Span> {
        if self.stopped {
            return None;
        }
        let limit = self.opts.limits.max_scratch_bytes;
        if self.sm.scratch_len().saturating_add(text.len()) > limit {
            self.fatal(
                "pp-scratch-limit",
                at,
                format!(
                    "text made by macro expansion (`##` pasting, `#` stringizing) exceeds the \
                     limit of {limit} bytes"
                ),
            );
            return None;
        }
        Some(self.sm.add_scratch(text))
    }

    /// Reports a limit and stops producing output.
    fn fatal(&mut self, code: &'static str, span: Span, msg: impl Into<String>) {
        if !self.stopped {
            self.error(code, span, msg);
        }
        self.stopped = true;
        self.truncated = true;
    }

    pub(crate) fn current_version(&self) -> Version {
        self.version.unwrap_or_else(|| self.default_version())
    }

    fn default_version(&self) -> Version {
        if let Some(v) = self.opts.version_override {
            return v;
        }
        self.opts.default_version.unwrap_or(match self.opts.target {
            TargetEnv::OpenGlEs => Version::ESSL_100,
            _ => Version::GLSL_110,
        })
    }

    fn active(&self) -> bool {
        self.conds.last().is_none_or(|c| c.active)
    }

    fn eof_token(&self) -> Token {
        let f = self.files.last().map_or(FileId(0), |f| f.lexer.file());
        let pos = self.files.last().map_or(0, |f| f.lexer.text().len() as u32);
        let mut t = Token::new(TokenKind::Eof, Span::new(f, pos, pos));
        t.flags.set(TokenFlags::LINE_START);
        t
    }

    /// The next token from the current file's lexer (directives handled, skipped blocks
    /// dropped). Pops finished `#include`d files unless collecting macro arguments.
    ///
    /// The common case is in line: a token straight from the lexer, in an active region
    /// after the first token, neither `#` nor the end, with no new line continuation
    /// (performance: the lexer runs inside the caller's loop, with no call per token).
    #[inline(always)]
    fn next_file_token(&mut self) -> Token {
        if !self.stopped && self.seen_content {
            if let Some(frame) = self.files.last_mut() {
                if frame.lookahead.is_none() {
                    let tok = frame.lexer.next_inline(self.interner);
                    if tok.kind != TokenKind::Eof
                        && tok.kind != TokenKind::Hash
                        && frame.lexer.continuations.len() == frame.continuations_seen
                        && frame.lexer.comment_continuations.len()
                            == frame.comment_continuations_seen
                        && self.active()
                    {
                        self.seen_token = true;
                        return tok;
                    }
                    return self.next_file_token_from(Some(tok));
                }
            }
        }
        self.next_file_token_from(None)
    }

    /// [`Self::next_file_token`] in full, starting with `first` if the lexer already made it.
    #[inline(never)]
    fn next_file_token_from(&mut self, mut first: Option<Token>) -> Token {
        loop {
            if let Some(tok) = first.take() {
                if let Some(t) = self.file_token(tok) {
                    return t;
                }
                continue;
            }
            if self.stopped {
                return self.eof_token();
            }
            let Some(frame) = self.files.last_mut() else {
                return self.eof_token();
            };
            let tok = match frame.lookahead.take() {
                Some(t) => t,
                None => frame.lexer.next(self.interner),
            };
            if let Some(t) = self.file_token(tok) {
                return t;
            }
        }
    }

    /// What becomes of `tok`, just read from the current file: returned (`Some`), or handled
    /// (a directive, a skipped token, the end of an `#include`d file) and `None`.
    fn file_token(&mut self, tok: Token) -> Option<Token> {
        let Some(frame) = self.files.last_mut() else {
            return Some(tok);
        };
        // (Performance: looked at here, the common case calls nothing.)
        if frame.lexer.continuations.len() != frame.continuations_seen
            || frame.lexer.comment_continuations.len() != frame.comment_continuations_seen
        {
            self.check_continuations();
        }
        if tok.kind == TokenKind::Eof {
            if self.collecting_args > 0 {
                // Keep the Eof for the next reader; argument collection stops here.
                if let Some(f) = self.files.last_mut() {
                    f.lookahead = Some(tok);
                }
                return Some(tok);
            }
            self.end_of_file();
            if self.files.len() > 1 {
                self.files.pop();
                return None;
            }
            if self.version.is_none() {
                self.decide_version();
            }
            if let Some(f) = self.files.last_mut() {
                f.lookahead = Some(tok);
            }
            return Some(tok);
        }
        if tok.kind == TokenKind::Hash && tok.at_line_start() {
            self.directive(tok);
            return None;
        }
        if !self.active() {
            return None;
        }
        if !self.seen_content {
            self.seen_content = true;
            if self.version.is_none() {
                self.decide_version();
            }
        }
        self.seen_token = true;
        Some(tok)
    }

    /// Reports line continuations the lexer met, in versions that lack them.
    fn check_continuations(&mut self) {
        let Some(frame) = self.files.last_mut() else {
            return;
        };
        let n = frame.lexer.continuations.len();
        let m = frame.lexer.comment_continuations.len();
        if n == frame.continuations_seen && m == frame.comment_continuations_seen {
            return;
        }
        let file = frame.lexer.file();
        let new: Vec<u32> = frame.lexer.continuations[frame.continuations_seen..].to_vec();
        let new_c: Vec<u32> =
            frame.lexer.comment_continuations[frame.comment_continuations_seen..].to_vec();
        frame.continuations_seen = n;
        frame.comment_continuations_seen = m;
        if !self.active() {
            return;
        }
        // Continuations are applied in every version; the ones the version lacks are reported
        // by the parser (a language rule, like glslang, whose `-E` does not report them).
        let v = self.current_version();
        let supported = v.at_least(420, 300) || self.exts.is_on(Ext::ARB_shading_language_420pack);
        if !supported {
            self.continuations
                .extend(new.into_iter().map(|off| Span::new(file, off, off + 1)));
        }
        for off in new_c {
            let span = Span::new(file, off, off + 2);
            self.warning(
                "pp-comment-continuation",
                span,
                "`\\` at the end of a `//` comment continues the comment onto the next line",
            );
        }
    }

    /// Checks the conditionals opened in the file that just ended.
    fn end_of_file(&mut self) {
        let Some(frame) = self.files.last() else {
            return;
        };
        let base = frame.cond_base;
        if let Some(f) = self.files.last() {
            if let Some(off) = f.lexer.unterminated_comment {
                let span = Span::new(f.lexer.file(), off, off + 2);
                self.error("pp-unterminated-comment", span, "unterminated `/*` comment");
            }
        }
        while self.conds.len() > base {
            if let Some(c) = self.conds.pop() {
                self.diags.push(
                    Diagnostic::error(
                        "pp-unterminated-if",
                        c.span,
                        "unterminated conditional directive",
                    )
                    .with_label("this conditional has no `#endif`"),
                );
            }
        }
    }

    /// The next token before macro expansion: pushed-back tokens, then macro frames, then the
    /// file. At the end of a barrier frame, returns `Eof` without leaving the frame.
    fn next_raw(&mut self) -> Token {
        if let Some(t) = self.pushback.pop() {
            return t;
        }
        while let Some(f) = self.frames.last_mut() {
            if f.pos < f.tokens.len() {
                let t = f.tokens[f.pos];
                f.pos += 1;
                return t;
            }
            if f.barrier {
                let end = f.tokens.last().map(|t| t.span.shrink_to_hi());
                let mut t = self.eof_token();
                t.span = end.unwrap_or(t.span);
                return t;
            }
            let done = self.frames.pop();
            if let Some(sym) = done.and_then(|f| f.macro_sym) {
                if let Some(m) = self.macros.get_mut(&sym) {
                    m.busy = false;
                }
            }
        }
        self.next_file_token_from(None)
    }

    /// Reads the next raw token of the current directive line, or `None` at its end (the
    /// token that starts the next line is kept for later).
    fn dir_next(&mut self) -> Option<Token> {
        let frame = self.files.last_mut()?;
        let t = match frame.lookahead.take() {
            Some(t) => t,
            None => frame.lexer.next(self.interner),
        };
        if t.at_line_start() || t.kind == TokenKind::Eof {
            if let Some(f) = self.files.last_mut() {
                f.lookahead = Some(t);
            }
            return None;
        }
        Some(t)
    }

    /// The rest of the current directive line as tokens (performance: directives are short,
    /// kept inline without an allocation).
    fn dir_rest(&mut self) -> smallvec::SmallVec<[Token; 8]> {
        let mut v = smallvec::SmallVec::new();
        while let Some(t) = self.dir_next() {
            v.push(t);
        }
        v
    }

    /// The rest of the current directive line as a vector (a macro body).
    fn dir_rest_vec(&mut self) -> Vec<Token> {
        let mut v = Vec::new();
        while let Some(t) = self.dir_next() {
            v.push(t);
        }
        v
    }

    /// Skips the rest of the current directive line.
    fn skip_dir_rest(&mut self) {
        while self.dir_next().is_some() {}
    }

    /// The spelling of a token (identifiers through the interner, others from the source).
    pub(crate) fn spelling(&self, t: &Token) -> String {
        match t.kind {
            TokenKind::Ident => self.interner.resolve(t.sym).to_string(),
            TokenKind::Eof => String::new(),
            _ => {
                let text = self.sm.text(t.span);
                if t.flags.has(TokenFlags::SPLICED) {
                    crate::lexer::clean_spelling(text).into_owned()
                } else {
                    text.to_string()
                }
            }
        }
    }

    /// Joins token spellings with single spaces where the source had space.
    fn join_tokens(&self, toks: &[Token]) -> String {
        let mut s = String::new();
        for (i, t) in toks.iter().enumerate() {
            if i > 0 && t.space_before() {
                s.push(' ');
            }
            s.push_str(&self.spelling(t));
        }
        s
    }

    /// Decides the version when the first content other than `#version` appears, and
    /// defines the predefined macros.
    fn decide_version(&mut self) {
        if self.version.is_some() {
            return;
        }
        let v = self.default_version();
        self.version = Some(v);
        self.define_predefined(v);
    }

    fn record_event(&mut self, span: Span, kind: PpEventKind) {
        self.events.push(PpEvent {
            at: self.out.len() as u32,
            span,
            kind,
        });
    }
}

#[cfg(test)]
mod tests;
