//! Preprocessing directives.

use super::*;
use crate::intern::sym;
use crate::keywords::Keyword;
use crate::source::{FileOrigin, LineMark};
use crate::version::Profile;

const KW_IF: Symbol = Symbol::from_keyword(Keyword::If);
const KW_ELSE: Symbol = Symbol::from_keyword(Keyword::Else);

impl Preprocessor<'_> {
    /// Handles the directive whose `#` is `hash`.
    pub(super) fn directive(&mut self, hash: Token) {
        let Some(name) = self.dir_next() else {
            // The null directive.
            return;
        };
        let active = self.active();
        if name.kind != TokenKind::Ident {
            if active {
                self.mark_content();
                let span = hash.span.to(name.span);
                self.error(
                    "pp-invalid-directive",
                    span,
                    format!(
                        "invalid preprocessing directive `#{}`",
                        self.spelling(&name)
                    ),
                );
            }
            self.skip_dir_rest();
            return;
        }
        let s = name.sym;
        let span = hash.span.to(name.span);
        if s == KW_IF {
            self.mark_content();
            self.dir_if(span);
        } else if s == sym::ifdef || s == sym::ifndef {
            self.mark_content();
            self.dir_ifdef(span, s == sym::ifndef);
        } else if s == sym::elif {
            self.dir_elif(span);
        } else if s == KW_ELSE {
            self.dir_else(span);
        } else if s == sym::endif {
            self.dir_endif(span);
        } else if !active {
            self.skip_dir_rest();
        } else if s == sym::version {
            self.dir_version(hash, span);
        } else {
            self.mark_content();
            if s == sym::define {
                self.dir_define(span);
            } else if s == sym::undef {
                self.dir_undef(span);
            } else if s == sym::error {
                let toks = self.dir_rest();
                let msg = self.join_tokens(&toks);
                let full = toks.last().map_or(span, |t| span.to(t.span));
                self.diags.push(Diagnostic::error(
                    "pp-error-directive",
                    full,
                    format!("#error {msg}").trim_end().to_string(),
                ));
            } else if s == sym::pragma {
                self.dir_pragma(span);
            } else if s == sym::extension {
                self.dir_extension(span);
            } else if s == sym::line {
                self.dir_line(span);
            } else if s == sym::include {
                self.dir_include(span);
            } else {
                self.error(
                    "pp-invalid-directive",
                    span,
                    format!(
                        "invalid preprocessing directive `#{}`",
                        self.spelling(&name)
                    ),
                );
                self.skip_dir_rest();
            }
        }
    }

    /// Something other than `#version` appeared: the version is now decided.
    fn mark_content(&mut self) {
        if !self.seen_content {
            self.seen_content = true;
            self.decide_version();
        }
    }

    fn push_cond(&mut self, span: Span, value: bool) {
        let parent_active = self.active();
        if self.conds.len() >= self.opts.limits.max_conditional_depth {
            self.fatal(
                "pp-conditional-depth",
                span,
                format!(
                    "conditional directives nested more than {} deep",
                    self.opts.limits.max_conditional_depth
                ),
            );
            return;
        }
        let active = parent_active && value;
        self.conds.push(Cond {
            span,
            active,
            // In a skipped block no branch may be taken.
            taken: active || !parent_active,
            else_seen: false,
            parent_active,
        });
    }

    fn dir_if(&mut self, span: Span) {
        let toks = self.dir_rest();
        if !self.active() {
            self.push_cond(span, false);
            return;
        }
        let full = toks.last().map_or(span, |t| span.to(t.span));
        let v = if toks.is_empty() {
            self.error("pp-if-no-expression", span, "#if with no expression");
            false
        } else {
            self.eval_condition(toks.into_vec(), full)
                .is_some_and(|v| v != 0)
        };
        self.push_cond(full, v);
    }

    fn dir_ifdef(&mut self, span: Span, negate: bool) {
        let toks = self.dir_rest();
        if !self.active() {
            self.push_cond(span, false);
            return;
        }
        let what = if negate { "#ifndef" } else { "#ifdef" };
        let Some(first) = toks.first() else {
            self.error(
                "pp-missing-macro-name",
                span,
                format!("{what} needs a macro name"),
            );
            self.push_cond(span, false);
            return;
        };
        if first.kind != TokenKind::Ident {
            self.error(
                "pp-missing-macro-name",
                first.span,
                format!(
                    "{what} needs a macro name, found `{}`",
                    self.spelling(first)
                ),
            );
            self.push_cond(span, false);
            return;
        }
        if let Some(extra) = toks.get(1) {
            self.error(
                "pp-extra-tokens",
                extra.span,
                format!("unexpected tokens after {what} {}", self.spelling(first)),
            );
        }
        let defined = self.lookup_macro(first.sym);
        self.push_cond(span.to(first.span), defined != negate);
    }

    /// Whether the innermost conditional belongs to the current file.
    fn cond_in_this_file(&self) -> bool {
        let base = self.files.last().map_or(0, |f| f.cond_base);
        self.conds.len() > base
    }

    fn dir_elif(&mut self, span: Span) {
        let toks = self.dir_rest();
        if !self.cond_in_this_file() {
            if self.active() {
                self.error("pp-unbalanced-conditional", span, "#elif without #if");
            }
            return;
        }
        let Some(c) = self.conds.last().cloned() else {
            return;
        };
        if c.else_seen {
            self.diags.push(
                Diagnostic::error("pp-elif-after-else", span, "#elif after #else")
                    .with_secondary(c.span, "the conditional started here"),
            );
        }
        let value = if c.parent_active && !c.taken {
            let full = toks.last().map_or(span, |t| span.to(t.span));
            if toks.is_empty() {
                self.error("pp-if-no-expression", span, "#elif with no expression");
                false
            } else {
                // Evaluate with the conditional's own branch inactive state restored: the
                // expression is read in the enclosing (active) context.
                self.eval_condition(toks.into_vec(), full)
                    .is_some_and(|v| v != 0)
            }
        } else {
            false
        };
        if let Some(c) = self.conds.last_mut() {
            c.active = c.parent_active && !c.taken && value;
            c.taken |= value;
        }
    }

    fn dir_else(&mut self, span: Span) {
        let toks = self.dir_rest();
        if !self.cond_in_this_file() {
            if self.active() {
                self.error("pp-unbalanced-conditional", span, "#else without #if");
            }
            return;
        }
        let parent_active = self.conds.last().is_some_and(|c| c.parent_active);
        if parent_active {
            if let Some(extra) = toks.first() {
                self.error(
                    "pp-extra-tokens",
                    extra.span,
                    "unexpected tokens after #else",
                );
            }
        }
        let Some(c) = self.conds.last_mut() else {
            return;
        };
        if c.else_seen {
            let first = c.span;
            self.diags.push(
                Diagnostic::error("pp-else-after-else", span, "#else after #else")
                    .with_secondary(first, "the conditional started here"),
            );
            if let Some(c) = self.conds.last_mut() {
                c.active = false;
            }
            return;
        }
        c.else_seen = true;
        c.active = c.parent_active && !c.taken;
        c.taken = true;
    }

    fn dir_endif(&mut self, span: Span) {
        let toks = self.dir_rest();
        if !self.cond_in_this_file() {
            if self.active() {
                self.error("pp-unbalanced-conditional", span, "#endif without #if");
            }
            return;
        }
        let c = self.conds.pop();
        if c.is_some_and(|c| c.parent_active) {
            if let Some(extra) = toks.first() {
                self.error(
                    "pp-extra-tokens",
                    extra.span,
                    "unexpected tokens after #endif",
                );
            }
        }
    }

    fn dir_version(&mut self, _hash: Token, span: Span) {
        let toks = self.dir_rest();
        let full = toks.last().map_or(span, |t| span.to(t.span));
        if self.version_span.is_some() {
            self.diags.push(
                Diagnostic::error("pp-version-repeated", full, "#version may appear only once")
                    .with_secondary(self.version_span.unwrap_or(span), "the first #version"),
            );
            return;
        }
        if self.seen_content || self.files.len() > 1 {
            self.diags.push(
                Diagnostic::error(
                    "pp-version-not-first",
                    full,
                    "#version must come before everything else in the shader except comments and white space",
                )
                .with_note("the version in force stays the default one"),
            );
            self.version_span = Some(full);
            return;
        }
        self.version_span = Some(full);
        let Some(num_tok) = toks.first() else {
            self.error("pp-version-syntax", full, "#version needs a version number");
            self.decide_version();
            return;
        };
        // The number read from the source text (performance: no spelled copy unless it is
        // wrong).
        let number = if num_tok.kind == TokenKind::IntLit && !num_tok.flags.has(TokenFlags::SPLICED)
        {
            let text = self.sm.text(num_tok.span);
            if text.bytes().all(|b| b.is_ascii_digit()) {
                text.parse::<u32>().ok()
            } else {
                None
            }
        } else if num_tok.kind == TokenKind::IntLit {
            let text = self.spelling(num_tok);
            if text.bytes().all(|b| b.is_ascii_digit()) {
                text.parse::<u32>().ok()
            } else {
                None
            }
        } else {
            None
        };
        let Some(number) = number else {
            let text = self.spelling(num_tok);
            self.error(
                "pp-version-syntax",
                num_tok.span,
                format!("#version needs a decimal version number, found `{text}`"),
            );
            self.decide_version();
            return;
        };
        let mut profile = None;
        if let Some(p) = toks.get(1) {
            let ps = if p.kind == TokenKind::Ident {
                p.sym
            } else {
                Symbol(0)
            };
            profile = Some(if ps == sym::es {
                Profile::Es
            } else if ps == sym::core {
                Profile::Core
            } else if ps == sym::compatibility {
                Profile::Compatibility
            } else {
                self.error(
                    "pp-version-profile",
                    p.span,
                    format!(
                        "unknown profile `{}` (expected `core`, `compatibility` or `es`)",
                        self.spelling(p)
                    ),
                );
                Profile::None
            });
            if let Some(extra) = toks.get(2) {
                self.error(
                    "pp-extra-tokens",
                    extra.span,
                    "unexpected tokens after #version",
                );
            }
        }
        let is_es_number = matches!(number, 100 | 300 | 310 | 320);
        let known_desktop =
            crate::version::DESKTOP_VERSIONS.contains(&(number.min(u16::MAX as u32) as u16));
        let version = match (number, profile) {
            (n, Some(Profile::Es)) if is_es_number => {
                if n == 100 {
                    self.error(
                        "pp-version-profile",
                        full,
                        "GLSL ES 1.00 is declared as `#version 100`, without a profile",
                    );
                }
                Some(Version::es(n as u16))
            }
            (n, None) if is_es_number => {
                if n != 100 {
                    self.error(
                        "pp-version-profile",
                        full,
                        format!("`#version {n}` needs the `es` profile: `#version {n} es`"),
                    );
                }
                Some(Version::es(n as u16))
            }
            (n, Some(Profile::Es)) => {
                self.error(
                    "pp-version-profile",
                    full,
                    format!(
                        "the `es` profile exists only for versions 100, 300, 310 and 320, not {n}"
                    ),
                );
                None
            }
            (n, p) if known_desktop => {
                let p = p.unwrap_or(Profile::None);
                if p != Profile::None && n < 150 {
                    self.error(
                        "pp-version-profile",
                        full,
                        format!("a profile may be named only for version 150 and later, not {n}"),
                    );
                    Some(Version::desktop(n as u16))
                } else {
                    Some(Version::new(n as u16, p))
                }
            }
            (n, _) => {
                self.diags.push(
                    Diagnostic::error("pp-version-unsupported", num_tok.span, format!("version {n} is not a GLSL version"))
                        .with_note("known versions: 110 120 130 140 150 330 400 410 420 430 440 450 460, and 100, 300 es, 310 es, 320 es"),
                );
                None
            }
        };
        let v = match self.opts.version_override {
            Some(o) => o,
            None => version.unwrap_or_else(|| self.default_version()),
        };
        self.version = Some(v);
        self.define_predefined(v);
        self.record_event(full, PpEventKind::Version(v));
    }

    fn dir_extension(&mut self, span: Span) {
        let toks = self.dir_rest();
        let full = toks.last().map_or(span, |t| span.to(t.span));
        let syntax = |pp: &mut Self, at: Span| {
            pp.error(
                "pp-extension-syntax",
                at,
                "#extension must have the form `#extension name : behavior`",
            )
        };
        let (Some(name), Some(colon), Some(beh)) = (toks.first(), toks.get(1), toks.get(2)) else {
            syntax(self, full);
            return;
        };
        if name.kind != TokenKind::Ident
            || colon.kind != TokenKind::Colon
            || beh.kind != TokenKind::Ident
        {
            syntax(self, full);
            return;
        }
        if let Some(extra) = toks.get(3) {
            self.error(
                "pp-extra-tokens",
                extra.span,
                "unexpected tokens after #extension",
            );
        }
        let behavior = match beh.sym {
            s if s == sym::require => Behavior::Require,
            s if s == sym::enable => Behavior::Enable,
            s if s == sym::warn => Behavior::Warn,
            s if s == sym::disable => Behavior::Disable,
            _ => {
                self.error(
                    "pp-extension-behavior",
                    beh.span,
                    format!(
                        "unknown extension behavior `{}` (expected require, enable, warn or disable)",
                        self.spelling(beh)
                    ),
                );
                return;
            }
        };
        let name_text = self.spelling(name);
        if self.seen_token {
            // The specifications require #extension before any non-preprocessor token; the ES
            // conformance tests (dEQP `after_non_preprocessing_tokens`) hold OpenGL ES to it.
            // Desktop and Vulkan compilers (glslang, Mesa) accept it later with the extension
            // applying from there on.
            let v = self.current_version();
            if v.is_es() && !self.opts.target.is_vulkan() {
                self.error(
                    "pp-extension-late",
                    full,
                    "#extension must come before any declaration or statement in GLSL ES",
                );
            } else {
                self.warning(
                    "pp-extension-late",
                    full,
                    "#extension after the first declaration: the extension applies only from here on",
                );
            }
        }
        if name.sym == sym::all {
            if matches!(behavior, Behavior::Require | Behavior::Enable) {
                self.error(
                    "pp-extension-all",
                    full,
                    format!("`#extension all : {}` is not allowed; only warn and disable may apply to all", behavior.name()),
                );
                return;
            }
            let v = self.current_version();
            for &e in Ext::all() {
                if e.available_in(v) {
                    self.exts.set(e, behavior);
                }
            }
            self.record_event(
                full,
                PpEventKind::Extension {
                    name: name_text,
                    ext: None,
                    behavior,
                },
            );
            return;
        }
        let v = self.current_version();
        let ext = Ext::from_name(&name_text);
        match ext {
            Some(e) if e.available_in(v) => self.exts.set(e, behavior),
            _ => {
                let why = if ext.is_some() {
                    format!("extension `{name_text}` is not available in GLSL {v}")
                } else {
                    format!("extension `{name_text}` is not supported")
                };
                if behavior == Behavior::Require && !self.opts.preprocess_only {
                    self.error("pp-extension-unsupported", name.span, why);
                } else {
                    self.warning("pp-extension-unsupported", name.span, why);
                }
            }
        }
        self.record_event(
            full,
            PpEventKind::Extension {
                name: name_text,
                ext: ext.filter(|e| e.available_in(v)),
                behavior,
            },
        );
    }

    fn dir_pragma(&mut self, span: Span) {
        let toks = self.dir_rest();
        let full = toks.last().map_or(span, |t| span.to(t.span));
        let word = |i: usize| {
            toks.get(i)
                .filter(|t| t.kind == TokenKind::Ident)
                .map(|t| t.sym)
        };
        let is = |i: usize, k: TokenKind| toks.get(i).is_some_and(|t| t.kind == k);
        let on_off = |i: usize| match word(i) {
            Some(s) if s == sym::on => Some(true),
            Some(s) if s == sym::off => Some(false),
            _ => None,
        };
        let invariant = Symbol::from_keyword(Keyword::Invariant);
        let pragma = if word(0) == Some(sym::STDGL)
            && word(1) == Some(invariant)
            && is(2, TokenKind::LParen)
            && word(3) == Some(sym::all)
            && is(4, TokenKind::RParen)
            && toks.len() == 5
        {
            Pragma::InvariantAll
        } else if (word(0) == Some(sym::optimize) || word(0) == Some(sym::debug))
            && is(1, TokenKind::LParen)
            && on_off(2).is_some()
            && is(3, TokenKind::RParen)
            && toks.len() == 4
        {
            let on = on_off(2).unwrap_or(true);
            if word(0) == Some(sym::optimize) {
                Pragma::Optimize(on)
            } else {
                Pragma::Debug(on)
            }
        } else {
            if word(0) == Some(sym::once) && toks.len() == 1 && self.files.len() > 1 {
                let name = self
                    .files
                    .last()
                    .map(|f| self.sm.file(f.lexer.file()).name.clone());
                if let Some(name) = name {
                    self.pragma_once.push(name);
                }
            }
            Pragma::Other(self.join_tokens(&toks))
        };
        self.record_event(full, PpEventKind::Pragma(pragma));
    }

    fn dir_line(&mut self, span: Span) {
        let toks = self.dir_rest();
        let full = toks.last().map_or(span, |t| span.to(t.span));
        if toks.is_empty() {
            self.error("pp-line-syntax", span, "#line needs a line number");
            return;
        }
        let toks = self.expand_line(toks.into_vec());
        let mut pos = 0;
        let Some(line) = self.parse_int_expr(&toks, &mut pos, full) else {
            return;
        };
        let mut name = None;
        if let Some(t) = toks.get(pos) {
            if t.kind == TokenKind::StrLit {
                let allowed = self.exts.is_on(Ext::GOOGLE_cpp_style_line_directive)
                    || self.exts.is_on(Ext::ARB_shading_language_include)
                    || self.exts.is_on(Ext::GOOGLE_include_directive);
                if !allowed {
                    self.error(
                        "pp-line-syntax",
                        t.span,
                        "a file name in #line needs GL_GOOGLE_cpp_style_line_directive or GL_ARB_shading_language_include",
                    );
                }
                let s = self.spelling(t);
                name = Some(PresumedName::Name(s.trim_matches('"').to_string()));
                pos += 1;
            } else {
                let v = self.parse_int_expr(&toks, &mut pos, full);
                match v {
                    Some(n) if n >= 0 => name = Some(PresumedName::Number(n as u32)),
                    Some(n) => {
                        self.error(
                            "pp-line-syntax",
                            t.span,
                            format!("source string number {n} is negative"),
                        );
                    }
                    None => return,
                }
            }
            if let Some(extra) = toks.get(pos) {
                self.error(
                    "pp-extra-tokens",
                    extra.span,
                    "unexpected tokens after #line",
                );
            }
        }
        if line < 0 {
            self.error(
                "pp-line-syntax",
                full,
                format!("line number {line} is negative"),
            );
            return;
        }
        // GLSL before 3.30 numbers the line after the directive `line + 1`; 3.30 and ES `line`.
        let v = self.current_version();
        let next_line = if v.at_least(330, 100) { line } else { line + 1 };
        let file = full.file;
        let f = self.sm.file(file);
        let last_line = f.line_index(full.end);
        let offset = f.line_start(last_line + 1);
        if self.files.last().is_some_and(|fr| fr.lexer.file() == file) {
            self.sm.add_line_mark(
                file,
                LineMark {
                    offset,
                    line: next_line.clamp(0, u32::MAX as i64) as u32,
                    name: name.clone(),
                },
            );
        }
        self.record_event(full, PpEventKind::Line { line, name });
    }

    fn dir_include(&mut self, span: Span) {
        let google = self.exts.is_on(Ext::GOOGLE_include_directive);
        let arb = self.exts.is_on(Ext::ARB_shading_language_include);
        // Read the header name from the raw line text.
        let Some(frame) = self.files.last_mut() else {
            return;
        };
        debug_assert!(frame.lookahead.is_none());
        let (start, end) = frame.lexer.raw_rest_of_line();
        let file = frame.lexer.file();
        let line_span = Span::new(file, start, end);
        let full = span.to(line_span);
        if !google && !arb {
            self.diags.push(
                Diagnostic::error("pp-include-disabled", full, "#include needs an extension to be enabled")
                    .with_note("enable GL_GOOGLE_include_directive or GL_ARB_shading_language_include with #extension"),
            );
            return;
        }
        let raw = self.sm.text(line_span).to_string();
        let trimmed_start = raw.len() - raw.trim_start().len();
        let body = raw.trim_start();
        let (kind, close) = match body.as_bytes().first() {
            Some(b'"') => (IncludeKind::Quoted, '"'),
            Some(b'<') => (IncludeKind::Angled, '>'),
            _ => {
                self.error(
                    "pp-include-syntax",
                    full,
                    "#include must be followed by a header name in quotes or angle brackets",
                );
                return;
            }
        };
        let Some(close_at) = body[1..].find(close) else {
            self.error(
                "pp-include-syntax",
                full,
                format!("header name has no closing `{close}`"),
            );
            return;
        };
        let name = body[1..1 + close_at].to_string();
        let after = &body[close_at + 2..];
        let name_span = Span::new(
            file,
            start + trimmed_start as u32,
            start + (trimmed_start + close_at + 2) as u32,
        );
        let mut scratch = Interner::new();
        if !crate::lexer::lex_all(file, after, &mut scratch).is_empty() {
            self.error(
                "pp-extra-tokens",
                full,
                format!("unexpected tokens after the header name `{name}`"),
            );
            return;
        }
        if name.is_empty() {
            self.error("pp-include-syntax", name_span, "empty header name");
            return;
        }
        if self.files.len() > self.opts.limits.max_include_depth {
            self.fatal(
                "pp-include-depth",
                name_span,
                format!(
                    "#include nested more than {} deep",
                    self.opts.limits.max_include_depth
                ),
            );
            return;
        }
        let from = self.sm.file(file).name.clone();
        match self.includer.resolve(&name, kind, &from) {
            Ok((resolved, text)) => {
                if self.pragma_once.contains(&resolved) {
                    return;
                }
                self.included_files += 1;
                let max_files = self.opts.limits.max_included_files;
                if self.included_files > max_files {
                    self.fatal(
                        "pp-include-limit",
                        name_span,
                        format!("more than {max_files} `#include` directives in all"),
                    );
                    return;
                }
                if !self.take_source_bytes(text.len(), name_span) {
                    return;
                }
                let id = self
                    .sm
                    .add_file(resolved, text, FileOrigin::Include { at: name_span });
                let text = self
                    .sm
                    .file(id)
                    .shared_text()
                    .unwrap_or_else(|| std::sync::Arc::from(""));
                self.files.push(FileFrame {
                    lexer: Lexer::new(id, text),
                    lookahead: None,
                    cond_base: self.conds.len(),
                    continuations_seen: 0,
                    comment_continuations_seen: 0,
                });
            }
            Err(msg) => {
                self.diags.push(
                    Diagnostic::error(
                        "pp-include-not-found",
                        name_span,
                        format!("cannot include `{name}`"),
                    )
                    .with_note(msg),
                );
            }
        }
    }
}
