//! The parser: preprocessed tokens to the [`ast`](crate::ast).
//!
//! Hand-written recursive descent with precedence climbing for binary operators. It never
//! fails outright: a syntax error is reported, the parser skips to a point where it can go on
//! (the end of the statement or declaration), and keeps going, so one run reports several
//! errors. Nesting is bounded ([`ParseOptions::max_depth`]); past the bound the parser reports
//! once and stops, so no input can overflow the stack.
//!
//! Invariant for every consumer of the AST: a tree path is at most `5 * max_depth` nodes long
//! (recursion depth plus chains of left-associative and postfix operators, each bounded), so
//! later phases may walk the tree recursively. Stack needed: about 2 KB per nesting level in
//! release builds, up to 8 KB in debug builds.
//!
//! Keywords depend on the version and on the extensions in force at each token: the parser
//! replays the preprocessor's `#extension` events as it advances and classifies every
//! identifier with [`Keyword::classify`].
//!
//! Files: `mod.rs` (this: tokens, classification, errors), `decl.rs` (declarations, types,
//! qualifiers, functions), `stmt.rs`, `expr.rs`, `literal.rs` (numeric literals).

mod decl;
mod expr;
mod literal;
mod stmt;

#[cfg(test)]
mod tests;

pub use literal::{parse_float_literal, parse_int_literal};

use crate::ast::{Attribute, ExprId, StmtId, TranslationUnit};
use crate::diag::{Diagnostic, Diagnostics};
use crate::extensions::{Behavior, Ext, ExtensionState};
use crate::intern::{Interner, Symbol};
use crate::keywords::{Category, Class, Keyword};
use crate::pp::{PpEvent, PpOutput};
use crate::source::{SourceMap, Span};
use crate::token::{Token, TokenKind};
use crate::version::{Stage, Version};

/// Parser settings.
#[derive(Clone, Debug)]
pub struct ParseOptions {
    /// Deepest nesting of expressions, statements and types.
    pub max_depth: usize,
    /// Stop after this many syntax errors.
    pub max_errors: usize,
    pub stage: Option<Stage>,
    /// Parsing the built-in declarations: every keyword is a keyword whatever the version,
    /// as in glslang's built-in symbol level.
    pub builtin: bool,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            max_depth: 256,
            max_errors: 50,
            stage: None,
            builtin: false,
        }
    }
}

/// Parses a preprocessed shader.
pub fn parse(
    pp: &PpOutput,
    sm: &SourceMap,
    interner: &mut Interner,
    diags: &mut Diagnostics,
    opts: &ParseOptions,
) -> TranslationUnit {
    let src = ParseInput {
        tokens: &pp.tokens,
        events: &pp.events,
        version: pp.version,
        continuations: &pp.unsupported_continuations,
    };
    parse_input(src, sm, interner, diags, opts)
}

/// Parses tokens that need no preprocessing (no directives, so no events, and no line
/// continuations), as the preprocessor would have passed them on in `version`: the built-in
/// declarations (performance: no preprocessor output to build and drop).
pub fn parse_tokens(
    tokens: &[Token],
    version: Version,
    sm: &SourceMap,
    interner: &mut Interner,
    diags: &mut Diagnostics,
    opts: &ParseOptions,
) -> TranslationUnit {
    let src = ParseInput {
        tokens,
        events: &[],
        version,
        continuations: &[],
    };
    parse_input(src, sm, interner, diags, opts)
}

/// What the parser reads of the preprocessor's output.
struct ParseInput<'a> {
    tokens: &'a [Token],
    events: &'a [PpEvent],
    version: Version,
    continuations: &'a [Span],
}

fn parse_input(
    pp: ParseInput<'_>,
    sm: &SourceMap,
    interner: &mut Interner,
    diags: &mut Diagnostics,
    opts: &ParseOptions,
) -> TranslationUnit {
    let mut p = Parser {
        toks: pp.tokens,
        pos: 0,
        events: pp.events,
        next_event: 0,
        version: pp.version,
        exts: ExtensionState::initial(pp.version),
        sm,
        interner,
        diags,
        // Arena sizes estimated from the token count (capped), so the arenas rarely regrow
        // (performance: a regrowth copies the arena; statement-heavy shaders reach 0.6
        // expressions per token, and capacity never touched costs nothing).
        tu: TranslationUnit {
            version: Some(pp.version),
            exprs: Vec::with_capacity((pp.tokens.len() * 3 / 4).min(1 << 16)),
            stmts: Vec::with_capacity((pp.tokens.len() / 8).min(1 << 14)),
            expr_lists: Vec::with_capacity((pp.tokens.len() / 8).min(1 << 14)),
            decls: Vec::with_capacity((pp.tokens.len() / 16).min(1 << 12)),
            decl_tokens: Vec::with_capacity((pp.tokens.len() / 16).min(1 << 12)),
            ..TranslationUnit::default()
        },
        depth: 0,
        chain: 0,
        opts,
        aborted: false,
        errors: 0,
        last_error_at: usize::MAX,
        reported_reserved: usize::MAX,
        arg_stack: Vec::new(),
        stmt_stack: Vec::new(),
    };
    p.apply_events();
    p.report_continuations(pp.continuations);
    p.translation_unit();
    p.tu
}

/// A token as the grammar sees it.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Tok {
    Kw(Keyword),
    Ident(Symbol),
    /// Punctuation, literals, `Eof`, `Unknown`.
    P(TokenKind),
}

pub(crate) struct Parser<'a> {
    toks: &'a [Token],
    pos: usize,
    events: &'a [PpEvent],
    next_event: usize,
    version: Version,
    exts: ExtensionState,
    sm: &'a SourceMap,
    interner: &'a mut Interner,
    diags: &'a mut Diagnostics,
    tu: TranslationUnit,
    depth: usize,
    /// Tree depth added by loops (left-associative operator chains, postfix chains) on top of
    /// the recursion depth.
    chain: usize,
    opts: &'a ParseOptions,
    /// Nesting or error limit reached: unwind and stop.
    aborted: bool,
    errors: usize,
    /// Token index of the last syntax error (to avoid cascades at one place).
    last_error_at: usize,
    /// Token index of the last reserved-word report.
    reported_reserved: usize,
    /// The arguments of the calls being parsed (see `call_args`).
    arg_stack: Vec<ExprId>,
    /// The statements of the blocks being parsed, innermost last (see `block_items`).
    stmt_stack: Vec<StmtId>,
}

impl<'a> Parser<'a> {
    // ---- tokens ----

    /// How the token at index `i` reads.
    pub(crate) fn tok_at(&self, i: usize) -> Tok {
        let Some(t) = self.toks.get(i) else {
            return Tok::P(TokenKind::Eof);
        };
        if t.kind != TokenKind::Ident {
            return Tok::P(t.kind);
        }
        match t.sym.keyword() {
            None => Tok::Ident(t.sym),
            Some(k) if self.opts.builtin => {
                if k.category() == Category::Reserved {
                    Tok::Ident(t.sym)
                } else {
                    Tok::Kw(k)
                }
            }
            Some(k) => match k.classify(self.version, &self.exts) {
                Class::Keyword(k) => Tok::Kw(k),
                Class::Reserved(_) | Class::Identifier => Tok::Ident(t.sym),
            },
        }
    }

    /// The kind of the token at index `i` (`Eof` past the end): what `tok_at` reads for
    /// anything but an identifier.
    #[inline]
    pub(crate) fn kind_at(&self, i: usize) -> TokenKind {
        self.toks.get(i).map_or(TokenKind::Eof, |t| t.kind)
    }

    pub(crate) fn peek(&self) -> Tok {
        self.tok_at(self.pos)
    }

    pub(crate) fn peek_n(&self, n: usize) -> Tok {
        self.tok_at(self.pos + n)
    }

    /// Whether the current token reads as `Tok::P(k)` (an identifier never does), from its
    /// kind alone (performance: no keyword classification).
    #[inline]
    pub(crate) fn at(&self, k: TokenKind) -> bool {
        k != TokenKind::Ident && self.kind_at(self.pos) == k
    }

    pub(crate) fn at_kw(&self, k: Keyword) -> bool {
        self.peek() == Tok::Kw(k)
    }

    pub(crate) fn at_eof(&self) -> bool {
        self.pos >= self.toks.len()
    }

    /// The span of the token at `i` (or the end of input).
    pub(crate) fn span_at(&self, i: usize) -> Span {
        match self.toks.get(i) {
            Some(t) => t.span,
            None => self
                .toks
                .last()
                .map_or_else(Span::default, |t| t.span.shrink_to_hi()),
        }
    }

    pub(crate) fn span(&self) -> Span {
        self.span_at(self.pos)
    }

    /// The span of the last consumed token.
    pub(crate) fn prev_span(&self) -> Span {
        if self.pos == 0 {
            self.span_at(0)
        } else {
            self.span_at(self.pos - 1)
        }
    }

    /// Joins a start span with the last consumed token.
    pub(crate) fn span_from(&self, start: Span) -> Span {
        self.sm.join(start, self.prev_span())
    }

    /// Consumes a token. (Performance: in line; reserved words and `#extension` events are
    /// looked at out of line.)
    #[inline]
    pub(crate) fn bump(&mut self) -> Token {
        let Some(&t) = self.toks.get(self.pos) else {
            return self.eof_here();
        };
        if t.kind == TokenKind::Ident && t.sym.keyword().is_some() {
            self.check_reserved(t);
        }
        self.pos += 1;
        if self
            .events
            .get(self.next_event)
            .is_some_and(|e| e.at as usize <= self.pos)
        {
            self.apply_events();
        }
        t
    }

    /// The `Eof` token [`Self::bump`] returns past the end.
    #[inline(never)]
    fn eof_here(&self) -> Token {
        let mut eof = Token::new(TokenKind::Eof, self.span());
        eof.sym = Symbol(0);
        eof
    }

    /// Reports the keyword `t`, about to be consumed, if it is a reserved word here.
    #[inline(never)]
    fn check_reserved(&mut self, t: Token) {
        if self.reported_reserved == self.pos || self.opts.builtin {
            return;
        }
        if let Some(k) = t.sym.keyword() {
            if let Class::Reserved(k) = k.classify(self.version, &self.exts) {
                self.reported_reserved = self.pos;
                self.diags.push(Diagnostic::error(
                    "reserved-word",
                    t.span,
                    format!("`{}` is a reserved word in GLSL {}", k.text(), self.version),
                ));
            }
        }
    }

    /// Consumes the token if it is `k`.
    pub(crate) fn eat(&mut self, k: TokenKind) -> bool {
        if self.at(k) {
            self.bump();
            true
        } else {
            false
        }
    }

    pub(crate) fn eat_kw(&mut self, k: Keyword) -> bool {
        if self.at_kw(k) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Consumes `k` or reports what was expected.
    pub(crate) fn expect(&mut self, k: TokenKind, what: &str) -> bool {
        if self.eat(k) {
            return true;
        }
        // A `;` missing at the end of a line is reported where it belongs, after the previous
        // token, rather than at the start of the next line.
        if k == TokenKind::Semi && self.pos > 0 && self.last_error_at != self.pos && !self.aborted {
            let prev = self.prev_span();
            let cur = self.span();
            let prev_line = self.sm.location(prev).physical_line;
            let cur_line = self.sm.location(cur).physical_line;
            if cur_line > prev_line || self.at_eof() {
                self.last_error_at = self.pos;
                let found = self.describe_current();
                let at = self.sm.source_callsite(prev).shrink_to_hi();
                self.push_error(
                    Diagnostic::error("syntax", at, format!("expected {what}, found {found}"))
                        .with_label("`;` expected here"),
                );
                return false;
            }
        }
        self.expected(what);
        false
    }

    /// Applies `#extension` directives that come before the current token.
    fn apply_events(&mut self) {
        while let Some(e) = self.events.get(self.next_event) {
            if e.at as usize > self.pos {
                break;
            }
            self.next_event += 1;
            e.apply_extension(&mut self.exts, self.version);
        }
    }

    pub(crate) fn ext_on(&self, e: Ext) -> bool {
        self.exts.is_on(e)
    }

    /// Whether the extension with this full name is on (for extensions looked up by name).
    pub(crate) fn ext_named_on(&self, name: &str) -> bool {
        Ext::from_name(name).is_some_and(|e| self.exts.get(e) != Behavior::Disable)
    }

    pub(crate) fn version(&self) -> Version {
        self.version
    }

    pub(crate) fn resolve(&self, s: Symbol) -> &str {
        self.interner.resolve(s)
    }

    pub(crate) fn intern(&mut self, s: &str) -> Symbol {
        self.interner.intern(s)
    }

    /// The token's spelling, borrowed from the source map unless it held a line continuation
    /// (performance: no String per literal).
    pub(crate) fn text(&self, t: &Token) -> std::borrow::Cow<'a, str> {
        let sm: &'a SourceMap = self.sm;
        crate::lexer::clean_spelling(sm.text(t.span))
    }

    /// A description of the current token for messages.
    fn describe_current(&self) -> String {
        match self.toks.get(self.pos) {
            None => "end of input".to_string(),
            Some(t) => match self.tok_at(self.pos) {
                Tok::Kw(k) => format!("keyword `{}`", k.text()),
                Tok::Ident(s) => format!("`{}`", self.resolve(s)),
                Tok::P(TokenKind::IntLit)
                | Tok::P(TokenKind::FloatLit)
                | Tok::P(TokenKind::StrLit) => {
                    format!("`{}`", self.text(t))
                }
                Tok::P(k) => match k.punct_text() {
                    Some(p) => format!("`{p}`"),
                    None => k.describe().to_string(),
                },
            },
        }
    }

    // ---- errors ----

    /// Reports "expected WHAT, found X" at the current token (once per position).
    pub(crate) fn expected(&mut self, what: &str) {
        if self.last_error_at == self.pos || self.aborted {
            return;
        }
        self.last_error_at = self.pos;
        let span = self.span();
        if self.at(TokenKind::Unknown) {
            let t = self
                .toks
                .get(self.pos)
                .map(|t| self.text(t))
                .unwrap_or_default();
            self.error_at(
                "invalid-character",
                span,
                format!("invalid character `{t}`"),
            );
            return;
        }
        let found = self.describe_current();
        self.error_at("syntax", span, format!("expected {what}, found {found}"));
    }

    pub(crate) fn error_at(&mut self, code: &'static str, span: Span, msg: impl Into<String>) {
        self.push_error(Diagnostic::error(code, span, msg));
    }

    pub(crate) fn push_error(&mut self, d: Diagnostic) {
        self.diags.push(d);
        self.errors += 1;
        if self.errors >= self.opts.max_errors {
            if !self.aborted {
                let span = self.span();
                self.diags.push(
                    Diagnostic::new(
                        crate::diag::Severity::Note,
                        "too-many-errors",
                        "too many errors; parsing stopped",
                    )
                    .at(span),
                );
            }
            self.aborted = true;
        }
    }

    pub(crate) fn warning_at(&mut self, code: &'static str, span: Span, msg: impl Into<String>) {
        self.diags.push(Diagnostic::warning(code, span, msg));
    }

    /// Enters a nested construct; false (after one report) when too deep.
    #[inline]
    pub(crate) fn enter(&mut self) -> bool {
        if self.aborted || self.depth >= self.opts.max_depth {
            return self.enter_refused();
        }
        self.depth += 1;
        true
    }

    /// [`Self::enter`] when parsing stops or the nesting limit is reached (out of line:
    /// performance).
    #[inline(never)]
    fn enter_refused(&mut self) -> bool {
        if self.aborted {
            return false;
        }
        let span = self.span();
        self.diags.push(
            Diagnostic::error(
                "nesting-limit",
                span,
                format!("nesting deeper than {} levels", self.opts.max_depth),
            )
            .with_note("the parser stops here; simplify the expression or statement"),
        );
        self.aborted = true;
        false
    }

    pub(crate) fn leave(&mut self) {
        self.depth -= 1;
    }

    /// Lets an operator chain grow the tree by one level; false (after one report) when the
    /// tree would get deeper than four times the nesting limit.
    #[inline]
    pub(crate) fn grow_chain(&mut self) -> bool {
        if self.chain >= self.opts.max_depth * 4 {
            return self.chain_refused();
        }
        self.chain += 1;
        true
    }

    /// [`Self::grow_chain`] past the limit (out of line: performance).
    #[inline(never)]
    fn chain_refused(&mut self) -> bool {
        if !self.aborted {
            let span = self.span();
            self.diags.push(
                Diagnostic::error(
                    "nesting-limit",
                    span,
                    format!(
                        "expression chain longer than {} operators",
                        self.opts.max_depth * 4
                    ),
                )
                .with_note("split the expression; the parser stops here"),
            );
            self.aborted = true;
        }
        false
    }

    /// Skips to the end of the current statement or declaration: past a `;` at this nesting
    /// level, or before a `}` that closes an enclosing block. Braced groups are skipped whole.
    pub(crate) fn recover_statement(&mut self) {
        let mut depth = 0usize;
        let mut moved = false;
        while !self.at_eof() {
            match self.peek() {
                Tok::P(TokenKind::Semi) if depth == 0 => {
                    self.bump();
                    return;
                }
                Tok::P(TokenKind::LBrace) => depth += 1,
                Tok::P(TokenKind::RBrace) => {
                    if depth == 0 {
                        if !moved {
                            // A stray `}`: consume it so the caller makes progress.
                            self.bump();
                        }
                        return;
                    }
                    depth -= 1;
                    if depth == 0 {
                        self.bump();
                        // A braced group ended; a following `;` belongs to it.
                        self.eat(TokenKind::Semi);
                        return;
                    }
                }
                _ => {}
            }
            self.bump();
            moved = true;
        }
    }

    // ---- attributes ----

    /// `[[ name, name(args) ]]`, possibly several groups.
    pub(crate) fn attributes(&mut self) -> Vec<Attribute> {
        let mut out = Vec::new();
        while self.at(TokenKind::LBracket) && self.peek_n(1) == Tok::P(TokenKind::LBracket) {
            self.bump();
            self.bump();
            loop {
                let name_span = self.span();
                let name = match self.peek() {
                    Tok::Ident(s) => {
                        // Attribute names may be reserved words (`[[inline]]`).
                        self.reported_reserved = self.pos;
                        self.bump();
                        s
                    }
                    Tok::Kw(k) => {
                        self.bump();
                        Symbol::from_keyword(k)
                    }
                    _ => {
                        self.expected("an attribute name");
                        break;
                    }
                };
                let mut args = Vec::new();
                if self.eat(TokenKind::LParen) {
                    if !self.at(TokenKind::RParen) {
                        loop {
                            args.push(self.assignment_expr());
                            if !self.eat(TokenKind::Comma) {
                                break;
                            }
                        }
                    }
                    self.expect(TokenKind::RParen, "`)`");
                }
                out.push(Attribute {
                    name,
                    args,
                    span: self.span_from(name_span),
                });
                if !self.eat(TokenKind::Comma) {
                    break;
                }
            }
            if !(self.eat(TokenKind::RBracket) && self.eat(TokenKind::RBracket)) {
                self.expected("`]]` to close the attribute list");
            }
        }
        out
    }

    /// Line continuations in a version that lacks them: an error in GLSL ES 1.00, a warning
    /// in desktop GLSL before 4.20 (widely accepted there, as by Mesa).
    fn report_continuations(&mut self, spans: &[Span]) {
        let v = self.version;
        for &span in spans {
            if v.is_es() {
                self.diags.push(Diagnostic::error(
                    "line-continuation",
                    span,
                    format!("line continuation is not available in GLSL ES {}", v.number),
                ));
            } else {
                self.diags.push(Diagnostic::warning(
                    "line-continuation",
                    span,
                    format!(
                        "line continuation needs GLSL 4.20 or GL_ARB_shading_language_420pack (this is GLSL {})",
                        v.number
                    ),
                ));
            }
        }
    }

    // ---- the translation unit ----

    fn translation_unit(&mut self) {
        while !self.at_eof() && !self.aborted {
            let before = self.pos;
            if let Some(d) = self.external_decl() {
                self.tu.decls.push(d);
                self.tu.decl_tokens.push(before as u32);
            }
            if self.pos == before {
                // Guarantee progress.
                self.expected("a declaration");
                self.bump();
            }
        }
    }

    /// Whether the current keyword is one that starts a type.
    pub(crate) fn is_type_kw(k: Keyword) -> bool {
        k.category() == Category::Type
    }

    pub(crate) fn is_qualifier_kw(k: Keyword) -> bool {
        k.category() == Category::Qualifier
    }
}
