//! Statements.

use super::{Parser, Tok};
use crate::ast::*;
use crate::extensions::Ext;
use crate::intern::sym;
use crate::keywords::Keyword;
use crate::token::TokenKind;

impl Parser<'_> {
    fn error_stmt(&mut self, start: crate::source::Span) -> StmtId {
        let span = self.span_from(start);
        self.tu.add_stmt(StmtKind::Error, span, Vec::new())
    }

    /// Whether the statement at the current token is a declaration (rather than an
    /// expression), by the first tokens alone.
    pub(crate) fn starts_declaration(&self) -> bool {
        match self.peek() {
            Tok::Kw(k) if Self::is_qualifier_kw(k) => true,
            Tok::Kw(
                Keyword::Layout | Keyword::Struct | Keyword::Precision | Keyword::Subroutine,
            ) => true,
            Tok::Kw(Keyword::Unsigned) => true,
            Tok::Kw(k) if Self::is_type_kw(k) => {
                // `vec4(...)` and `float[2](...)` are constructor expressions.
                match self.peek_n(1) {
                    Tok::P(TokenKind::LParen) => false,
                    Tok::P(TokenKind::LBracket) => self
                        .skip_brackets(self.pos + 1)
                        .is_none_or(|j| self.tok_at(j) != Tok::P(TokenKind::LParen)),
                    _ => true,
                }
            }
            Tok::Ident(s)
                if self.spirv_on()
                    && (s == sym::spirv_type
                        || s == sym::spirv_decorate
                        || s == sym::spirv_decorate_id
                        || s == sym::spirv_decorate_string
                        || s == sym::spirv_storage_class) =>
            {
                true
            }
            Tok::Ident(s) => match self.peek_n(1) {
                Tok::Ident(_) => true,
                Tok::Kw(k) => {
                    Self::is_type_kw(k)
                        || Self::is_qualifier_kw(k)
                        || matches!(k, Keyword::Layout | Keyword::Struct | Keyword::Subroutine)
                }
                Tok::P(TokenKind::LBracket) => self
                    .skip_brackets(self.pos + 1)
                    .is_some_and(|j| matches!(self.tok_at(j), Tok::Ident(_))),
                Tok::P(TokenKind::Lt) if self.is_template_type(s) => self
                    .skip_angles(self.pos + 1)
                    .is_some_and(|j| matches!(self.tok_at(j), Tok::Ident(_))),
                _ => false,
            },
            _ => false,
        }
    }

    /// `{ statements }`
    pub(crate) fn compound_statement(&mut self) -> StmtId {
        let start = self.span();
        let items = self.block_items();
        let span = self.span_from(start);
        self.tu
            .add_stmt(StmtKind::Compound(items), span, Vec::new())
    }

    /// The statements of `{ ... }`, braces consumed.
    fn block_items(&mut self) -> Vec<StmtId> {
        if !self.expect(TokenKind::LBrace, "`{`") || !self.enter() {
            return Vec::new();
        }
        // The items are gathered on a stack shared by the nested blocks, then copied out at
        // their final size (performance: one allocation per block, no regrowing).
        let base = self.stmt_stack.len();
        while !self.at(TokenKind::RBrace) && !self.at_eof() && !self.aborted {
            let before = self.pos;
            let s = self.statement();
            self.stmt_stack.push(s);
            if self.pos == before {
                self.bump();
            }
        }
        let items = self.stmt_stack[base..].to_vec();
        self.stmt_stack.truncate(base);
        self.leave();
        if !self.aborted {
            self.expect(TokenKind::RBrace, "`}`");
        }
        items
    }

    /// One statement.
    pub(crate) fn statement(&mut self) -> StmtId {
        let start = self.span();
        if !self.enter() {
            return self.error_stmt(start);
        }
        let attrs = self.attributes();
        let kind = self.statement_kind();
        self.leave();
        let span = self.span_from(start);
        self.tu.add_stmt(kind, span, attrs)
    }

    /// Expects the `;` that ends a statement, recovering if it is missing.
    fn end_statement(&mut self) {
        if !self.expect(TokenKind::Semi, "`;`") {
            self.recover_statement();
        }
    }

    fn paren_expr(&mut self, what: &str) -> ExprId {
        // The message is formatted only when the `(` is missing (performance).
        if !self.eat(TokenKind::LParen) {
            self.expect(TokenKind::LParen, &format!("`(` after `{what}`"));
        }
        let e = self.expr();
        if !self.expect(TokenKind::RParen, "`)`") {
            // Skip to the `)` on this statement if there is one.
            let mut depth = 0usize;
            while !self.at_eof() {
                match self.peek() {
                    Tok::P(TokenKind::LParen) => depth += 1,
                    Tok::P(TokenKind::RParen) if depth == 0 => {
                        self.bump();
                        break;
                    }
                    Tok::P(TokenKind::RParen) => depth -= 1,
                    Tok::P(TokenKind::Semi | TokenKind::LBrace | TokenKind::RBrace) => break,
                    _ => {}
                }
                self.bump();
            }
        }
        e
    }

    fn statement_kind(&mut self) -> StmtKind {
        match self.peek() {
            Tok::P(TokenKind::LBrace) => StmtKind::Compound(self.block_items()),
            Tok::P(TokenKind::Semi) => {
                self.bump();
                StmtKind::Empty
            }
            Tok::Kw(Keyword::If) => {
                self.bump();
                let cond = self.paren_expr("if");
                let then_branch = self.statement();
                let else_branch = if self.eat_kw(Keyword::Else) {
                    Some(self.statement())
                } else {
                    None
                };
                StmtKind::If {
                    cond,
                    then_branch,
                    else_branch,
                }
            }
            Tok::Kw(Keyword::Switch) => {
                self.bump();
                let selector = self.paren_expr("switch");
                let body = self.block_items();
                StmtKind::Switch { selector, body }
            }
            Tok::Kw(Keyword::Case) => {
                self.bump();
                let e = self.expr();
                self.expect(TokenKind::Colon, "`:` after a case label");
                StmtKind::Case(e)
            }
            Tok::Kw(Keyword::Default) => {
                self.bump();
                self.expect(TokenKind::Colon, "`:` after `default`");
                StmtKind::Default
            }
            Tok::Kw(Keyword::While) => {
                self.bump();
                self.expect(TokenKind::LParen, "`(` after `while`");
                let cond = self.condition();
                self.expect(TokenKind::RParen, "`)`");
                let body = self.statement();
                StmtKind::While { cond, body }
            }
            Tok::Kw(Keyword::Do) => {
                self.bump();
                let body = self.statement();
                if !self.eat_kw(Keyword::While) {
                    self.expected("`while` after the body of a `do` loop");
                    self.recover_statement();
                    let e = self.tu.add_expr(ExprKind::Error, self.span());
                    return StmtKind::DoWhile { body, cond: e };
                }
                let cond = self.paren_expr("while");
                self.end_statement();
                StmtKind::DoWhile { body, cond }
            }
            Tok::Kw(Keyword::For) => {
                self.bump();
                self.expect(TokenKind::LParen, "`(` after `for`");
                let init = if self.at(TokenKind::Semi) {
                    self.bump();
                    None
                } else {
                    let start = self.span();
                    let kind = if self.starts_declaration() {
                        match self.local_decl() {
                            Some(d) => StmtKind::Decl(self.tu.add_local_decl(d)),
                            None => StmtKind::Error,
                        }
                    } else {
                        let e = self.expr();
                        self.end_statement();
                        StmtKind::Expr(e)
                    };
                    let span = self.span_from(start);
                    Some(self.tu.add_stmt(kind, span, Vec::new()))
                };
                let cond = if self.at(TokenKind::Semi) {
                    None
                } else {
                    Some(self.condition())
                };
                self.expect(TokenKind::Semi, "`;` after the loop condition");
                let step = if self.at(TokenKind::RParen) {
                    None
                } else {
                    Some(self.expr())
                };
                self.expect(TokenKind::RParen, "`)` to close the `for` header");
                let body = self.statement();
                StmtKind::For {
                    init,
                    cond,
                    step,
                    body,
                }
            }
            Tok::Kw(Keyword::Break) => {
                self.bump();
                self.end_statement();
                StmtKind::Break
            }
            Tok::Kw(Keyword::Continue) => {
                self.bump();
                self.end_statement();
                StmtKind::Continue
            }
            Tok::Kw(Keyword::Discard) => {
                self.bump();
                self.end_statement();
                StmtKind::Discard
            }
            Tok::Kw(Keyword::Return) => {
                self.bump();
                let value = if self.at(TokenKind::Semi) {
                    None
                } else {
                    Some(self.expr())
                };
                self.end_statement();
                StmtKind::Return(value)
            }
            Tok::Ident(s)
                if self.peek_n(1) == Tok::P(TokenKind::Semi) && self.is_jump_word(s).is_some() =>
            {
                let kind = self.is_jump_word(s).unwrap_or(StmtKind::Empty);
                self.bump();
                self.bump();
                kind
            }
            _ if self.starts_declaration() => match self.local_decl() {
                Some(d) => StmtKind::Decl(self.tu.add_local_decl(d)),
                None => StmtKind::Error,
            },
            _ => {
                let e = self.expr();
                self.end_statement();
                StmtKind::Expr(e)
            }
        }
    }

    /// Extension jump statements spelled as identifiers.
    fn is_jump_word(&self, s: crate::intern::Symbol) -> Option<StmtKind> {
        if s == sym::demote && self.ext_on(Ext::EXT_demote_to_helper_invocation) {
            Some(StmtKind::Demote)
        } else if s == sym::terminateInvocation && self.ext_on(Ext::EXT_terminate_invocation) {
            Some(StmtKind::TerminateInvocation)
        } else if s == sym::ignoreIntersectionEXT && self.ext_on(Ext::EXT_ray_tracing) {
            Some(StmtKind::IgnoreIntersection)
        } else if s == sym::terminateRayEXT && self.ext_on(Ext::EXT_ray_tracing) {
            Some(StmtKind::TerminateRay)
        } else {
            None
        }
    }

    /// A loop condition: an expression or `type name = initializer`.
    fn condition(&mut self) -> Condition {
        if !self.starts_declaration() {
            return Condition::Expr(self.expr());
        }
        let head = self.decl_head();
        let start = head.start;
        let ty = match head.ty {
            Some(t) => t,
            None => {
                self.expected("a type");
                return Condition::Expr(self.tu.add_expr(ExprKind::Error, start));
            }
        };
        let (name, name_span) = match self.peek() {
            Tok::Ident(s) => {
                let sp = self.span();
                self.bump();
                (s, sp)
            }
            _ => {
                self.expected("a name");
                return Condition::Expr(self.tu.add_expr(ExprKind::Error, start));
            }
        };
        self.expect(
            TokenKind::Eq,
            "`=` (a condition that declares a variable must initialize it)",
        );
        let init = self.assignment_expr();
        let span = self.span_from(start);
        Condition::Decl(self.tu.add_cond_decl(CondDecl {
            ty,
            qualifiers: head.quals,
            name,
            name_span,
            init,
            span,
        }))
    }
}
