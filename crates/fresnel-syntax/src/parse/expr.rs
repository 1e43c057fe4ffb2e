//! Expressions: precedence climbing for binary operators, recursive descent for the rest.
//!
//! Precedence, lowest first: `,` ; assignment (right) ; `?:` (right) ; `||` ; `^^` ; `&&` ;
//! `|` ; `^` ; `&` ; `== !=` ; `< > <= >=` ; `<< >>` ; `+ -` ; `* / %` ; prefix unary ;
//! postfix (`[]`, `()`, `.`, `++`, `--`).

use super::{Parser, Tok};
use crate::ast::{BinaryOp, Callee, ExprId, ExprKind, ExprList, TypeSpec, UnaryOp};
use crate::keywords::Keyword;
use crate::token::TokenKind;

fn binary_op(k: TokenKind) -> Option<(BinaryOp, u8)> {
    use BinaryOp::*;
    Some(match k {
        TokenKind::OrOr => (LogicalOr, 1),
        TokenKind::XorXor => (LogicalXor, 2),
        TokenKind::AndAnd => (LogicalAnd, 3),
        TokenKind::Pipe => (BitOr, 4),
        TokenKind::Caret => (BitXor, 5),
        TokenKind::Amp => (BitAnd, 6),
        TokenKind::EqEq => (Eq, 7),
        TokenKind::Ne => (Ne, 7),
        TokenKind::Lt => (Lt, 8),
        TokenKind::Gt => (Gt, 8),
        TokenKind::Le => (Le, 8),
        TokenKind::Ge => (Ge, 8),
        TokenKind::Shl => (Shl, 9),
        TokenKind::Shr => (Shr, 9),
        TokenKind::Plus => (Add, 10),
        TokenKind::Minus => (Sub, 10),
        TokenKind::Star => (Mul, 11),
        TokenKind::Slash => (Div, 11),
        TokenKind::Percent => (Mod, 11),
        _ => return None,
    })
}

fn assign_op(k: TokenKind) -> Option<Option<BinaryOp>> {
    use BinaryOp::*;
    Some(match k {
        TokenKind::Eq => None,
        TokenKind::PlusEq => Some(Add),
        TokenKind::MinusEq => Some(Sub),
        TokenKind::StarEq => Some(Mul),
        TokenKind::SlashEq => Some(Div),
        TokenKind::PercentEq => Some(Mod),
        TokenKind::ShlEq => Some(Shl),
        TokenKind::ShrEq => Some(Shr),
        TokenKind::AmpEq => Some(BitAnd),
        TokenKind::PipeEq => Some(BitOr),
        TokenKind::CaretEq => Some(BitXor),
        _ => return None,
    })
}

impl Parser<'_> {
    fn error_expr(&mut self) -> ExprId {
        let span = self.span();
        self.tu.add_expr(ExprKind::Error, span)
    }

    /// `expression`: assignments separated by commas.
    pub(crate) fn expr(&mut self) -> ExprId {
        let first = self.assignment_expr();
        if !self.at(TokenKind::Comma) {
            return first;
        }
        let start = self.tu.expr(first).span;
        let mut items = vec![first];
        while self.eat(TokenKind::Comma) {
            items.push(self.assignment_expr());
        }
        let span = self.span_from(start);
        self.tu.add_expr(ExprKind::Comma(items), span)
    }

    /// `assignment_expression`
    pub(crate) fn assignment_expr(&mut self) -> ExprId {
        if let Some(e) = self.lone_operand() {
            return e;
        }
        if !self.enter() {
            return self.error_expr();
        }
        let lhs = self.conditional_expr();
        let r = if let Tok::P(k) = self.peek() {
            if let Some(op) = assign_op(k) {
                self.bump();
                let rhs = self.assignment_expr();
                let span = self.sm.join(self.tu.expr(lhs).span, self.tu.expr(rhs).span);
                self.tu.add_expr(ExprKind::Assign { op, lhs, rhs }, span)
            } else {
                lhs
            }
        } else {
            lhs
        };
        self.leave();
        r
    }

    /// An identifier or a literal alone before `]`, `)`, `,` or `;` (most indices and
    /// arguments): the node the full descent builds, without its six levels of calls
    /// (performance). `None` (nothing consumed) for anything else, and where the descent's
    /// two nesting levels would reach the limit.
    #[inline]
    fn lone_operand(&mut self) -> Option<ExprId> {
        if self.aborted || self.depth + 2 > self.opts.max_depth {
            return None;
        }
        if !matches!(
            self.kind_at(self.pos + 1),
            TokenKind::RBracket | TokenKind::RParen | TokenKind::Comma | TokenKind::Semi
        ) {
            return None;
        }
        match self.peek() {
            Tok::Ident(s) => {
                let t = self.bump();
                Some(self.tu.add_expr(ExprKind::Ident(s), t.span))
            }
            Tok::P(TokenKind::IntLit) | Tok::P(TokenKind::FloatLit) => {
                let t = self.bump();
                let kind = self.literal(&t, t.kind == TokenKind::FloatLit);
                Some(self.tu.add_expr(kind, t.span))
            }
            _ => None,
        }
    }

    /// `conditional_expression` (also the grammar's `constant_expression`).
    pub(crate) fn conditional_expr(&mut self) -> ExprId {
        self.conditional_expr_opts(false)
    }

    /// A conditional expression; with `no_gt`, a `>` ends it (inside `<...>` type parameters).
    pub(crate) fn conditional_expr_opts(&mut self, no_gt: bool) -> ExprId {
        let cond = self.binary_expr(0, no_gt);
        if !self.at(TokenKind::Question) {
            return cond;
        }
        if !self.enter() {
            return cond;
        }
        self.bump();
        let then_expr = self.expr();
        self.expect(TokenKind::Colon, "`:` in a conditional expression");
        let else_expr = self.assignment_expr();
        self.leave();
        let span = self
            .sm
            .join(self.tu.expr(cond).span, self.tu.expr(else_expr).span);
        self.tu.add_expr(
            ExprKind::Ternary {
                cond,
                then_expr,
                else_expr,
            },
            span,
        )
    }

    fn binary_expr(&mut self, min_prec: u8, no_gt: bool) -> ExprId {
        let mut lhs = self.unary_expr();
        let saved_chain = self.chain;
        while let Tok::P(k) = self.peek() {
            if no_gt && (k == TokenKind::Gt || k == TokenKind::Shr) {
                break;
            }
            let Some((op, prec)) = binary_op(k) else {
                break;
            };
            if prec <= min_prec || self.aborted || !self.grow_chain() {
                break;
            }
            self.bump();
            let rhs = self.binary_expr(prec, no_gt);
            let span = self.sm.join(self.tu.expr(lhs).span, self.tu.expr(rhs).span);
            lhs = self.tu.add_expr(ExprKind::Binary { op, lhs, rhs }, span);
        }
        self.chain = saved_chain;
        lhs
    }

    /// Prefix operators.
    pub(crate) fn unary_expr(&mut self) -> ExprId {
        if !self.enter() {
            return self.error_expr();
        }
        let start = self.span();
        let op = match self.peek() {
            Tok::P(TokenKind::Plus) => Some(UnaryOp::Plus),
            Tok::P(TokenKind::Minus) => Some(UnaryOp::Neg),
            Tok::P(TokenKind::Bang) => Some(UnaryOp::Not),
            Tok::P(TokenKind::Tilde) => Some(UnaryOp::BitNot),
            Tok::P(TokenKind::PlusPlus) => Some(UnaryOp::PreInc),
            Tok::P(TokenKind::MinusMinus) => Some(UnaryOp::PreDec),
            _ => None,
        };
        let r = match op {
            Some(op) => {
                self.bump();
                let operand = self.unary_expr();
                let span = self.sm.join(start, self.tu.expr(operand).span);
                self.tu.add_expr(ExprKind::Unary { op, operand }, span)
            }
            None => self.postfix_expr(),
        };
        self.leave();
        r
    }

    fn postfix_expr(&mut self) -> ExprId {
        let mut e = self.primary_expr();
        let saved_chain = self.chain;
        loop {
            if self.aborted {
                break;
            }
            // Only punctuation continues a postfix chain: the kind is read directly, without
            // classifying identifiers (performance).
            let k = self.kind_at(self.pos);
            if !matches!(
                k,
                TokenKind::LBracket | TokenKind::Dot | TokenKind::PlusPlus | TokenKind::MinusMinus
            ) || !self.grow_chain()
            {
                break;
            }
            let start = self.tu.expr(e).span;
            match k {
                TokenKind::LBracket => {
                    self.bump();
                    let index = self.expr();
                    self.expect(TokenKind::RBracket, "`]`");
                    let span = self.span_from(start);
                    e = self.tu.add_expr(ExprKind::Index { base: e, index }, span);
                }
                TokenKind::Dot => {
                    self.bump();
                    let name_span = self.span();
                    let name = match self.peek() {
                        Tok::Ident(s) => {
                            self.bump();
                            s
                        }
                        Tok::Kw(k) => {
                            // `.length` is an identifier; a keyword after `.` is an error, but
                            // keep its name for recovery.
                            self.expected("a field name or swizzle");
                            self.bump();
                            crate::intern::Symbol::from_keyword(k)
                        }
                        _ => {
                            self.expected("a field name or swizzle");
                            break;
                        }
                    };
                    if self.at(TokenKind::LParen) {
                        let args = self.call_args();
                        let span = self.span_from(start);
                        e = self.tu.add_expr(
                            ExprKind::Method {
                                base: e,
                                name,
                                name_span,
                                args,
                            },
                            span,
                        );
                    } else {
                        let span = self.span_from(start);
                        e = self.tu.add_expr(
                            ExprKind::Field {
                                base: e,
                                name,
                                name_span,
                            },
                            span,
                        );
                    }
                }
                TokenKind::PlusPlus | TokenKind::MinusMinus => {
                    let op = if self.at(TokenKind::PlusPlus) {
                        UnaryOp::PostInc
                    } else {
                        UnaryOp::PostDec
                    };
                    self.bump();
                    let span = self.span_from(start);
                    e = self.tu.add_expr(ExprKind::Unary { op, operand: e }, span);
                }
                _ => break,
            }
        }
        self.chain = saved_chain;
        e
    }

    /// `( args )` of a call, after which the `)` is consumed. `(void)` is no arguments.
    pub(crate) fn call_args(&mut self) -> ExprList {
        // The arguments are gathered on a stack shared by nested calls, then stored in one
        // piece (performance: no vector per call).
        let base = self.arg_stack.len();
        self.push_call_args();
        let list = self.tu.add_expr_list(&self.arg_stack[base..]);
        self.arg_stack.truncate(base);
        list
    }

    fn push_call_args(&mut self) {
        if !self.expect(TokenKind::LParen, "`(`") {
            return;
        }
        if self.eat(TokenKind::RParen) {
            return;
        }
        if self.at_kw(Keyword::Void) && self.peek_n(1) == Tok::P(TokenKind::RParen) {
            self.bump();
            self.bump();
            return;
        }
        loop {
            let a = self.assignment_expr();
            self.arg_stack.push(a);
            if self.aborted {
                return;
            }
            if !self.eat(TokenKind::Comma) {
                break;
            }
        }
        if !self.eat(TokenKind::RParen) {
            self.expected("`,` or `)` after a function argument");
        }
    }

    fn primary_expr(&mut self) -> ExprId {
        let start = self.span();
        match self.peek() {
            Tok::P(TokenKind::IntLit) | Tok::P(TokenKind::FloatLit) => {
                let t = self.bump();
                let kind = self.literal(&t, t.kind == TokenKind::FloatLit);
                self.tu.add_expr(kind, t.span)
            }
            Tok::P(TokenKind::StrLit) => {
                let t = self.bump();
                let text = self.text(&t);
                // Where a string may stand (debugPrintfEXT, abortEXT, spirv intrinsics) is
                // checked by semantic analysis.
                let s = self.intern(&text);
                self.tu.add_expr(ExprKind::StrLit(s), t.span)
            }
            Tok::Kw(Keyword::True) | Tok::Kw(Keyword::False) => {
                let v = self.at_kw(Keyword::True);
                let t = self.bump();
                self.tu.add_expr(ExprKind::BoolLit(v), t.span)
            }
            Tok::P(TokenKind::LParen) if self.at_cast() => {
                // `(type) operand` (GL_NV_explicit_typecast).
                self.bump();
                let ty = self.type_specifier();
                self.expect(TokenKind::RParen, "`)` after the cast type");
                let operand = self.unary_expr();
                let span = self.sm.join(start, self.tu.expr(operand).span);
                let ty = self.tu.add_type_spec(ty);
                self.tu.add_expr(ExprKind::Cast { ty, operand }, span)
            }
            Tok::P(TokenKind::LParen) => {
                self.bump();
                let e = self.expr();
                self.expect(TokenKind::RParen, "`)`");
                // Keep the parentheses in the span so diagnostics cover them.
                let span = self.span_from(start);
                self.tu.exprs[e.index()].span = span;
                e
            }
            Tok::Kw(k) if Self::is_type_kw(k) => {
                // A constructor: `vec4(...)`, `float[2](...)`.
                let ty = self.type_specifier();
                self.constructor_call(ty)
            }
            Tok::Kw(Keyword::Struct) => {
                self.expected("an expression (a struct cannot be defined here)");
                self.bump();
                self.error_expr()
            }
            Tok::Ident(s) => {
                // Only punctuation matters next: its kind is read directly, without
                // classifying an identifier (performance).
                let next = self.kind_at(self.pos + 1);
                // A parameterized type constructor: `coopmat<...>(...)`.
                if next == TokenKind::Lt && self.is_template_type(s) {
                    let ty = self.type_specifier();
                    return self.constructor_call(ty);
                }
                // `S[2](...)`: an array constructor of a named type.
                if next == TokenKind::LBracket {
                    if let Some(after) = self.skip_brackets(self.pos + 1) {
                        if self.tok_at(after) == Tok::P(TokenKind::LParen) {
                            let ty = self.type_specifier();
                            return self.constructor_call(ty);
                        }
                    }
                }
                let t = self.bump();
                if self.at(TokenKind::LParen) {
                    let args = self.call_args();
                    let span = self.span_from(start);
                    return self.tu.add_expr(
                        ExprKind::Call {
                            callee: Callee::Name(s, t.span),
                            args,
                        },
                        span,
                    );
                }
                self.tu.add_expr(ExprKind::Ident(s), t.span)
            }
            _ => {
                self.expected("an expression");
                self.error_expr()
            }
        }
    }

    /// Whether a `(` starts a C-style cast: `(type)` with GL_NV_explicit_typecast on.
    fn at_cast(&self) -> bool {
        if !self.ext_on(crate::extensions::Ext::NV_explicit_typecast) {
            return false;
        }
        match self.peek_n(1) {
            Tok::Kw(k) => Self::is_type_kw(k) && self.peek_n(2) == Tok::P(TokenKind::RParen),
            Tok::Ident(_) => {
                // `(name)` followed by something that can start an operand is a cast to a
                // named type (`(float16_t) x`); `(a) + b` stays a parenthesized expression.
                self.peek_n(2) == Tok::P(TokenKind::RParen)
                    && matches!(
                        self.peek_n(3),
                        Tok::Ident(_)
                            | Tok::Kw(_)
                            | Tok::P(TokenKind::IntLit | TokenKind::FloatLit | TokenKind::LParen)
                    )
            }
            _ => false,
        }
    }

    fn constructor_call(&mut self, ty: TypeSpec) -> ExprId {
        let start = ty.span;
        if !self.at(TokenKind::LParen) {
            self.expected("`(` after a type name in an expression");
            return self.error_expr();
        }
        let args = self.call_args();
        let span = self.span_from(start);
        let ty = self.tu.add_type_spec(ty);
        self.tu.add_expr(
            ExprKind::Call {
                callee: Callee::Type(ty),
                args,
            },
            span,
        )
    }

    /// From an index at a `[`, the index after the balanced bracket groups that follow, or
    /// `None` if they are unbalanced.
    pub(crate) fn skip_brackets(&self, mut i: usize) -> Option<usize> {
        // Only punctuation matters here: the token kinds are read directly, without
        // classifying identifiers as keywords (performance: `a[i]` at the start of a
        // statement or an operand is scanned this way).
        while self.kind_at(i) == TokenKind::LBracket {
            let mut depth = 0usize;
            loop {
                match self.kind_at(i) {
                    TokenKind::LBracket => depth += 1,
                    TokenKind::RBracket => {
                        depth -= 1;
                        if depth == 0 {
                            i += 1;
                            break;
                        }
                    }
                    TokenKind::Eof | TokenKind::Semi | TokenKind::LBrace => return None,
                    _ => {}
                }
                i += 1;
            }
        }
        Some(i)
    }

    /// From an index at a `<`, the index after the matching `>`, or `None`.
    pub(crate) fn skip_angles(&self, mut i: usize) -> Option<usize> {
        let mut depth = 0usize;
        let mut parens = 0usize;
        loop {
            match self.tok_at(i) {
                // Checked first: an unclosed `(` must not run past the end.
                Tok::P(TokenKind::Eof)
                | Tok::P(TokenKind::Semi)
                | Tok::P(TokenKind::LBrace)
                | Tok::P(TokenKind::RBrace) => return None,
                Tok::P(TokenKind::LParen) => parens += 1,
                Tok::P(TokenKind::RParen) => {
                    if parens == 0 {
                        return None;
                    }
                    parens -= 1;
                }
                // Inside parentheses `<` and `>` are comparisons.
                _ if parens > 0 => {}
                Tok::P(TokenKind::Lt) => depth += 1,
                Tok::P(TokenKind::Gt) => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(i + 1);
                    }
                }
                Tok::P(TokenKind::Shr) => {
                    if depth <= 2 {
                        return if depth == 2 { Some(i + 1) } else { None };
                    }
                    depth -= 2;
                }
                _ => {}
            }
            i += 1;
        }
    }
}
