//! Preprocessor expressions (`#if`, `#elif`, `#line`).
//!
//! Values are GLSL `int`s: 32-bit two's complement, wrapping on overflow (`INT_MIN / -1` is
//! `INT_MIN`). Shifts by a negative amount give 0; shifting left by 32 or more gives 0 and
//! shifting right by 32 or more gives the sign. `&&` and `||` evaluate their right operand only
//! when needed, and in an operand that is not evaluated nothing is reported (ES rules).
//! Identifiers left after expansion are an error in GLSL ES and 0 in desktop GLSL.

use super::*;
use crate::intern::sym;

/// Binary operators, by precedence (higher binds tighter).
fn binary_prec(k: TokenKind) -> Option<u8> {
    use TokenKind::*;
    Some(match k {
        Star | Slash | Percent => 10,
        Plus | Minus => 9,
        Shl | Shr => 8,
        Lt | Gt | Le | Ge => 7,
        EqEq | Ne => 6,
        Amp => 5,
        Caret => 4,
        Pipe => 3,
        AndAnd => 2,
        OrOr => 1,
        _ => return None,
    })
}

struct ExprCx<'t> {
    toks: &'t [Token],
    pos: usize,
    /// Whether `defined` is allowed (in `#if`, not in `#line`).
    allow_defined: bool,
    full: Span,
    depth: usize,
    failed: bool,
}

impl Preprocessor<'_> {
    pub(super) fn parse_if_expr(
        &mut self,
        toks: &[Token],
        pos: &mut usize,
        full: Span,
    ) -> Option<i64> {
        self.parse_expr_common(toks, pos, full, true)
    }

    /// An integer expression (for `#line`): a full expression starting at `pos`.
    pub(super) fn parse_int_expr(
        &mut self,
        toks: &[Token],
        pos: &mut usize,
        full: Span,
    ) -> Option<i64> {
        self.parse_expr_common(toks, pos, full, false)
    }

    fn parse_expr_common(
        &mut self,
        toks: &[Token],
        pos: &mut usize,
        full: Span,
        allow_defined: bool,
    ) -> Option<i64> {
        let mut cx = ExprCx {
            toks,
            pos: *pos,
            allow_defined,
            full,
            depth: 0,
            failed: false,
        };
        let v = self.expr_binary(&mut cx, 0, true);
        *pos = cx.pos;
        if cx.failed {
            None
        } else {
            Some(v as i64)
        }
    }

    fn expr_error(&mut self, cx: &mut ExprCx<'_>, span: Span, msg: impl Into<String>) {
        if !cx.failed {
            self.error("pp-if-syntax", span, msg);
        }
        cx.failed = true;
    }

    fn expr_binary(&mut self, cx: &mut ExprCx<'_>, min_prec: u8, eval: bool) -> i32 {
        let mut lhs = self.expr_unary(cx, eval);
        loop {
            if cx.failed {
                return 0;
            }
            let Some(op) = cx.toks.get(cx.pos).copied() else {
                return lhs;
            };
            let Some(prec) = binary_prec(op.kind) else {
                return lhs;
            };
            if prec <= min_prec {
                return lhs;
            }
            cx.pos += 1;
            // Short-circuit: the right operand is evaluated only when it matters.
            let rhs_eval = match op.kind {
                TokenKind::AndAnd => eval && lhs != 0,
                TokenKind::OrOr => eval && lhs == 0,
                _ => eval,
            };
            let rhs = self.expr_binary(cx, prec, rhs_eval);
            lhs = self.apply_binary(cx, op, lhs, rhs, eval);
        }
    }

    fn apply_binary(&mut self, cx: &mut ExprCx<'_>, op: Token, a: i32, b: i32, eval: bool) -> i32 {
        use TokenKind::*;
        match op.kind {
            Star => a.wrapping_mul(b),
            Slash | Percent => {
                if b == 0 {
                    if eval {
                        self.expr_error(cx, op.span, "division by zero in preprocessor expression");
                    }
                    0
                } else if op.kind == Slash {
                    a.wrapping_div(b)
                } else {
                    a.wrapping_rem(b)
                }
            }
            Plus => a.wrapping_add(b),
            Minus => a.wrapping_sub(b),
            Shl => {
                if !(0..32).contains(&b) {
                    0
                } else {
                    a.wrapping_shl(b as u32)
                }
            }
            Shr => {
                if b < 0 {
                    0
                } else if b >= 32 {
                    if a < 0 {
                        -1
                    } else {
                        0
                    }
                } else {
                    a >> b
                }
            }
            Lt => (a < b) as i32,
            Gt => (a > b) as i32,
            Le => (a <= b) as i32,
            Ge => (a >= b) as i32,
            EqEq => (a == b) as i32,
            Ne => (a != b) as i32,
            Amp => a & b,
            Caret => a ^ b,
            Pipe => a | b,
            AndAnd => (a != 0 && b != 0) as i32,
            OrOr => (a != 0 || b != 0) as i32,
            _ => 0,
        }
    }

    fn expr_unary(&mut self, cx: &mut ExprCx<'_>, eval: bool) -> i32 {
        if cx.depth >= self.opts.limits.max_expr_depth {
            let span = cx.toks.get(cx.pos).map_or(cx.full, |t| t.span);
            self.expr_error(
                cx,
                span,
                format!(
                    "preprocessor expression nested more than {} deep",
                    self.opts.limits.max_expr_depth
                ),
            );
            return 0;
        }
        cx.depth += 1;
        let v = self.expr_unary_inner(cx, eval);
        cx.depth -= 1;
        v
    }

    fn expr_unary_inner(&mut self, cx: &mut ExprCx<'_>, eval: bool) -> i32 {
        let Some(t) = cx.toks.get(cx.pos).copied() else {
            let span = cx.full.shrink_to_hi();
            self.expr_error(cx, span, "preprocessor expression ends early");
            return 0;
        };
        cx.pos += 1;
        match t.kind {
            TokenKind::Plus => self.expr_unary(cx, eval),
            TokenKind::Minus => self.expr_unary(cx, eval).wrapping_neg(),
            TokenKind::Tilde => !self.expr_unary(cx, eval),
            TokenKind::Bang => (self.expr_unary(cx, eval) == 0) as i32,
            TokenKind::LParen => {
                let v = self.expr_binary(cx, 0, eval);
                match cx.toks.get(cx.pos) {
                    Some(c) if c.kind == TokenKind::RParen => cx.pos += 1,
                    Some(c) => {
                        let (span, s) = (c.span, self.spelling(c));
                        self.expr_error(
                            cx,
                            span,
                            format!("expected `)` in preprocessor expression, found `{s}`"),
                        );
                    }
                    None => {
                        let span = cx.full.shrink_to_hi();
                        self.expr_error(
                            cx,
                            span,
                            "expected `)` at the end of the preprocessor expression",
                        );
                    }
                }
                v
            }
            TokenKind::IntLit => match parse_pp_int(&self.spelling(&t)) {
                Some(v) => v,
                None => {
                    let s = self.spelling(&t);
                    self.expr_error(
                        cx,
                        t.span,
                        format!("invalid integer `{s}` in preprocessor expression"),
                    );
                    0
                }
            },
            TokenKind::Ident if t.sym == sym::defined && cx.allow_defined => {
                let mut name = cx.toks.get(cx.pos).copied();
                let paren = name.is_some_and(|n| n.kind == TokenKind::LParen);
                if paren {
                    cx.pos += 1;
                    name = cx.toks.get(cx.pos).copied();
                }
                let Some(n) = name.filter(|n| n.kind == TokenKind::Ident) else {
                    self.expr_error(cx, t.span, "`defined` must be followed by a macro name");
                    return 0;
                };
                cx.pos += 1;
                if paren {
                    if cx
                        .toks
                        .get(cx.pos)
                        .is_some_and(|c| c.kind == TokenKind::RParen)
                    {
                        cx.pos += 1;
                    } else {
                        self.expr_error(cx, n.span, "expected `)` after `defined ( name`");
                        return 0;
                    }
                }
                if !t.span.expn.is_root() && eval {
                    self.warning(
                        "pp-defined-in-macro",
                        t.span,
                        "`defined` produced by a macro expansion has undefined behavior",
                    );
                }
                self.lookup_macro(n.sym) as i32
            }
            TokenKind::Ident => {
                if eval && self.current_version().is_es() {
                    let s = self.spelling(&t);
                    self.expr_error(
                        cx,
                        t.span,
                        format!("undefined identifier `{s}` in a preprocessor expression (GLSL ES does not treat it as 0)"),
                    );
                }
                0
            }
            TokenKind::FloatLit => {
                self.expr_error(
                    cx,
                    t.span,
                    "floating-point numbers are not allowed in preprocessor expressions",
                );
                0
            }
            _ => {
                let s = self.spelling(&t);
                self.expr_error(
                    cx,
                    t.span,
                    format!("unexpected `{s}` in preprocessor expression"),
                );
                0
            }
        }
    }
}

/// Parses a preprocessor integer literal (decimal, octal or hex, optional `u`/`U`), wrapping to
/// 32 bits.
pub(crate) fn parse_pp_int(s: &str) -> Option<i32> {
    let s = s.strip_suffix(['u', 'U']).unwrap_or(s);
    let (digits, radix) = if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        (h, 16)
    } else if s.len() > 1 && s.starts_with('0') {
        (&s[1..], 8)
    } else {
        (s, 10)
    };
    if digits.is_empty() {
        return None;
    }
    let mut v: u32 = 0;
    for c in digits.chars() {
        let d = c.to_digit(radix)?;
        v = v.wrapping_mul(radix).wrapping_add(d);
    }
    Some(v as i32)
}
