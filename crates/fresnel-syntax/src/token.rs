//! Tokens, as the lexer makes them and the preprocessor passes them on.
//!
//! A [`Token`] is 24 bytes and `Copy`: a kind, flags, the interned name (identifiers only) and
//! its [`Span`]. The spelling of any token is `source_map.text(span)`; for tokens whose spelling
//! contains a line continuation ([`TokenFlags::SPLICED`]) use [`crate::lexer::clean_spelling`].

use crate::intern::Symbol;
use crate::source::Span;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[repr(u8)]
pub enum TokenKind {
    Ident,
    /// An integer literal (decimal, octal or hex, any suffix); validated by the parser.
    IntLit,
    /// A floating-point literal (any suffix); validated by the parser.
    FloatLit,
    /// A string literal `"..."` (only `#include`, `#line` and `debugPrintfEXT` use them).
    StrLit,
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Dot,
    Comma,
    Colon,
    Semi,
    Question,
    Plus,
    Minus,
    Star,
    Slash,
    Percent,
    Amp,
    Pipe,
    Caret,
    Tilde,
    Bang,
    Lt,
    Gt,
    Eq,
    PlusPlus,
    MinusMinus,
    Shl,
    Shr,
    Le,
    Ge,
    EqEq,
    Ne,
    AndAnd,
    OrOr,
    XorXor,
    PlusEq,
    MinusEq,
    StarEq,
    SlashEq,
    PercentEq,
    ShlEq,
    ShrEq,
    AmpEq,
    PipeEq,
    CaretEq,
    Hash,
    HashHash,
    /// Any other character (`$`, `@`, `` ` ``, `\`, `'`, non-ASCII, an unterminated string).
    Unknown,
    Eof,
}

impl TokenKind {
    /// The fixed spelling of a punctuator, or `None` for tokens whose text varies.
    pub fn punct_text(self) -> Option<&'static str> {
        use TokenKind::*;
        Some(match self {
            LParen => "(",
            RParen => ")",
            LBracket => "[",
            RBracket => "]",
            LBrace => "{",
            RBrace => "}",
            Dot => ".",
            Comma => ",",
            Colon => ":",
            Semi => ";",
            Question => "?",
            Plus => "+",
            Minus => "-",
            Star => "*",
            Slash => "/",
            Percent => "%",
            Amp => "&",
            Pipe => "|",
            Caret => "^",
            Tilde => "~",
            Bang => "!",
            Lt => "<",
            Gt => ">",
            Eq => "=",
            PlusPlus => "++",
            MinusMinus => "--",
            Shl => "<<",
            Shr => ">>",
            Le => "<=",
            Ge => ">=",
            EqEq => "==",
            Ne => "!=",
            AndAnd => "&&",
            OrOr => "||",
            XorXor => "^^",
            PlusEq => "+=",
            MinusEq => "-=",
            StarEq => "*=",
            SlashEq => "/=",
            PercentEq => "%=",
            ShlEq => "<<=",
            ShrEq => ">>=",
            AmpEq => "&=",
            PipeEq => "|=",
            CaretEq => "^=",
            Hash => "#",
            HashHash => "##",
            _ => return None,
        })
    }

    /// A short description for "expected X, found Y" messages.
    pub fn describe(self) -> &'static str {
        match self {
            TokenKind::Ident => "identifier",
            TokenKind::IntLit => "integer literal",
            TokenKind::FloatLit => "floating-point literal",
            TokenKind::StrLit => "string literal",
            TokenKind::Unknown => "invalid character",
            TokenKind::Eof => "end of input",
            k => k.punct_text().unwrap_or("token"),
        }
    }
}

/// Bit flags on a token.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct TokenFlags(pub u8);

impl TokenFlags {
    /// First token of its (logical) line.
    pub const LINE_START: u8 = 1;
    /// Whitespace or a comment came before it.
    pub const SPACE_BEFORE: u8 = 2;
    /// An identifier that must not be macro-expanded (it named a macro while that macro was
    /// being expanded: "painted blue").
    pub const NO_EXPAND: u8 = 4;
    /// The spelling contains a line continuation.
    pub const SPLICED: u8 = 8;
    /// A made-up placeholder for an empty macro argument (never leaves the preprocessor).
    pub const PLACEMARKER: u8 = 16;

    #[inline]
    pub fn has(self, f: u8) -> bool {
        self.0 & f != 0
    }
    #[inline]
    pub fn set(&mut self, f: u8) {
        self.0 |= f;
    }
    #[inline]
    pub fn clear(&mut self, f: u8) {
        self.0 &= !f;
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Token {
    pub kind: TokenKind,
    pub flags: TokenFlags,
    /// The name, for identifiers; `Symbol(0)` otherwise.
    pub sym: Symbol,
    pub span: Span,
}

impl Token {
    pub fn new(kind: TokenKind, span: Span) -> Token {
        Token {
            kind,
            flags: TokenFlags::default(),
            sym: Symbol(0),
            span,
        }
    }

    #[inline]
    pub fn is(&self, kind: TokenKind) -> bool {
        self.kind == kind
    }

    #[inline]
    pub fn is_ident(&self, sym: Symbol) -> bool {
        self.kind == TokenKind::Ident && self.sym == sym
    }

    #[inline]
    pub fn at_line_start(&self) -> bool {
        self.flags.has(TokenFlags::LINE_START)
    }

    #[inline]
    pub fn space_before(&self) -> bool {
        self.flags.has(TokenFlags::SPACE_BEFORE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn token_is_small() {
        assert!(std::mem::size_of::<Token>() <= 24);
    }
}
