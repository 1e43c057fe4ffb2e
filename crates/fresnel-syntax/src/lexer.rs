//! The lexer: source bytes to preprocessing tokens.
//!
//! It never fails: a character that starts no token becomes a [`TokenKind::Unknown`] token, and
//! whoever meets it (the parser, or the preprocessor in a directive) reports it. Comments become
//! whitespace (a block comment spanning lines does not end a directive line, as in C). Line
//! continuations (`\` before a line break) are removed wherever they occur, even inside a token;
//! their offsets are recorded so the preprocessor can report them in versions that lack them.
//!
//! Numbers are lexed as C "pp-numbers" (digits, letters, `_`, `.` and signed exponents) so that
//! `1.0foo` is one token the parser can reject with a precise message; hexadecimal numbers do
//! not take a signed exponent (`0x1e+1` is three tokens).

use std::sync::Arc;

use crate::intern::Interner;
use crate::source::{FileId, Span};
use crate::token::{Token, TokenFlags, TokenKind};

pub struct Lexer {
    text: Arc<str>,
    file: FileId,
    pos: usize,
    /// The next token starts a line.
    line_start: bool,
    /// Offsets of line continuations outside comments, for version checks.
    pub continuations: Vec<u32>,
    /// Offsets of `//` comments that a trailing `\` continued onto the next line.
    pub comment_continuations: Vec<u32>,
    /// Offset of a `/*` that never ends.
    pub unterminated_comment: Option<u32>,
    /// Scratch buffer for spellings with continuations.
    buf: String,
}

/// Bytes that continue an identifier (letters, digits, `_`), as a table (performance: one
/// load per byte of the most common tokens).
const IDENT_CHAR: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c.is_ascii_alphanumeric() || c == b'_';
        b += 1;
    }
    t
};

/// The punctuators that are one character whatever follows, by their byte (performance: one
/// table load in line for most punctuation; `.` is looked at after numbers).
const SINGLE_PUNCT: [Option<TokenKind>; 256] = {
    let mut t = [None; 256];
    t[b'(' as usize] = Some(TokenKind::LParen);
    t[b')' as usize] = Some(TokenKind::RParen);
    t[b'[' as usize] = Some(TokenKind::LBracket);
    t[b']' as usize] = Some(TokenKind::RBracket);
    t[b'{' as usize] = Some(TokenKind::LBrace);
    t[b'}' as usize] = Some(TokenKind::RBrace);
    t[b',' as usize] = Some(TokenKind::Comma);
    t[b':' as usize] = Some(TokenKind::Colon);
    t[b';' as usize] = Some(TokenKind::Semi);
    t[b'?' as usize] = Some(TokenKind::Question);
    t[b'~' as usize] = Some(TokenKind::Tilde);
    t
};

/// Bytes that start an identifier (letters, `_`), as a table (performance: one load).
const IDENT_START: [bool; 256] = {
    let mut t = [false; 256];
    let mut b = 0;
    while b < 256 {
        let c = b as u8;
        t[b] = c.is_ascii_alphabetic() || c == b'_';
        b += 1;
    }
    t
};

#[inline]
fn is_ident_start(b: u8) -> bool {
    IDENT_START[b as usize]
}

#[inline]
fn is_ident_char(b: u8) -> bool {
    IDENT_CHAR[b as usize]
}

impl Lexer {
    /// A lexer over `text`. A UTF-8 byte order mark at the start is skipped: it marks the
    /// encoding and is not part of the shader.
    pub fn new(file: FileId, text: Arc<str>) -> Lexer {
        let pos = if text.starts_with('\u{feff}') {
            '\u{feff}'.len_utf8()
        } else {
            0
        };
        Lexer {
            text,
            file,
            pos,
            line_start: true,
            continuations: Vec::new(),
            comment_continuations: Vec::new(),
            unterminated_comment: None,
            buf: String::new(),
        }
    }

    pub fn file(&self) -> FileId {
        self.file
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn pos(&self) -> usize {
        self.pos
    }

    #[inline]
    fn bytes(&self) -> &[u8] {
        self.text.as_bytes()
    }

    /// Length of a line continuation starting at `i` (`\` + `\n`, `\r\n` or `\r`), or 0.
    #[inline]
    fn continuation_at(&self, i: usize) -> usize {
        let b = self.bytes();
        if b.get(i) != Some(&b'\\') {
            return 0;
        }
        match b.get(i + 1) {
            Some(b'\n') => 2,
            Some(b'\r') => {
                if b.get(i + 2) == Some(&b'\n') {
                    3
                } else {
                    2
                }
            }
            _ => 0,
        }
    }

    /// The byte at `i` after skipping any continuations, and the index it was found at.
    /// (Performance: in line; continuations are looked through out of line.)
    #[inline(always)]
    fn peek_at(&mut self, i: usize, spliced: &mut bool) -> (Option<u8>, usize) {
        match self.bytes().get(i) {
            Some(&b'\\') => self.peek_through(i, spliced),
            c => (c.copied(), i),
        }
    }

    /// [`Self::peek_at`] from a `\` at `i`.
    #[inline(never)]
    fn peek_through(&mut self, mut i: usize, spliced: &mut bool) -> (Option<u8>, usize) {
        loop {
            let n = self.continuation_at(i);
            if n == 0 {
                return (self.bytes().get(i).copied(), i);
            }
            if self.continuations.last() != Some(&(i as u32)) {
                self.continuations.push(i as u32);
            }
            *spliced = true;
            i += n;
        }
    }

    /// Skips whitespace, comments and continuations. Returns whether any was skipped.
    /// (Performance: in line in the token loop; comments are skipped out of line.)
    #[inline(always)]
    fn skip_trivia(&mut self) -> bool {
        let start = self.pos;
        loop {
            // Blanks and new-lines, most of the trivia, in a local loop (performance).
            let b = self.text.as_bytes();
            let mut i = self.pos;
            while let Some(&c) = b.get(i) {
                match c {
                    b' ' | b'\t' | 0x0b | 0x0c => i += 1,
                    b'\n' => {
                        i += 1;
                        self.line_start = true;
                    }
                    _ => break,
                }
            }
            self.pos = i;
            let Some(&c) = b.get(i) else { break };
            match c {
                b'\r' => {
                    self.pos += 1;
                    if self.bytes().get(self.pos) == Some(&b'\n') {
                        self.pos += 1;
                    }
                    self.line_start = true;
                }
                b'\\' => {
                    let n = self.continuation_at(self.pos);
                    if n == 0 {
                        break;
                    }
                    self.continuations.push(self.pos as u32);
                    self.pos += n;
                }
                b'/' => {
                    // The opener's second character may follow a line continuation.
                    let mut sp = false;
                    let (n, j) = self.peek_at(self.pos + 1, &mut sp);
                    match n {
                        Some(b'/') => self.skip_line_comment(j + 1),
                        Some(b'*') => self.skip_block_comment(j + 1),
                        _ => break,
                    }
                }
                _ => break,
            }
        }
        self.pos != start
    }

    /// Skips a `//` comment whose opener starts at `self.pos` and ends before `body`.
    fn skip_line_comment(&mut self, body: usize) {
        let start = self.pos;
        self.pos = body;
        let len = self.bytes().len();
        while self.pos < len {
            // Only a line end or a backslash (a possible continuation) matters: jump to the
            // next one (performance: long comment blocks).
            let Some(k) = crate::bytescan::find3(b'\n', b'\r', b'\\', &self.bytes()[self.pos..])
            else {
                self.pos = len;
                break;
            };
            self.pos += k;
            let c = self.bytes()[self.pos];
            if c == b'\n' || c == b'\r' {
                break;
            }
            let n = self.continuation_at(self.pos);
            if n > 0 {
                self.comment_continuations.push(start as u32);
                self.pos += n;
                continue;
            }
            self.pos += 1;
        }
    }

    /// Skips a `/*` comment whose opener starts at `self.pos` and ends before `body`. The
    /// closing `*/` may be split by line continuations (`*\` new-line `/`), since continuations
    /// are removed before comments are recognized.
    fn skip_block_comment(&mut self, body: usize) {
        let start = self.pos;
        let len = self.bytes().len();
        let mut i = body;
        loop {
            let Some(star) = crate::bytescan::find(b'*', &self.bytes()[i..]) else {
                self.pos = len;
                self.unterminated_comment = Some(start as u32);
                return;
            };
            let star = i + star;
            let mut j = star + 1;
            let mut n = self.continuation_at(j);
            while n > 0 {
                j += n;
                n = self.continuation_at(j);
            }
            if self.bytes().get(j) == Some(&b'/') {
                // Record the continuations that closed the comment (they matter for the
                // versions that lack line continuation).
                let mut k = star + 1;
                while k < j {
                    self.continuations.push(k as u32);
                    k += self.continuation_at(k).max(1);
                }
                self.pos = j + 1;
                return;
            }
            i = star + 1;
        }
    }

    /// The next token; `Eof` at the end (and forever after).
    pub fn next(&mut self, interner: &mut Interner) -> Token {
        self.next_inline(interner)
    }

    /// [`Self::next`], inlined into the preprocessor's loop over a file's tokens
    /// (performance: no call and no saving and restoring of registers per token).
    #[inline(always)]
    pub(crate) fn next_inline(&mut self, interner: &mut Interner) -> Token {
        let space = self.skip_trivia();
        let mut flags = TokenFlags::default();
        if space {
            flags.set(TokenFlags::SPACE_BEFORE);
        }
        if self.line_start {
            flags.set(TokenFlags::LINE_START);
        }
        let start = self.pos;
        let Some(&c) = self.bytes().get(start) else {
            let mut t = Token::new(
                TokenKind::Eof,
                Span::new(self.file, start as u32, start as u32),
            );
            t.flags = flags;
            t.flags.set(TokenFlags::LINE_START);
            return t;
        };
        self.line_start = false;
        let mut spliced = false;
        let mut sym = crate::intern::Symbol(0);
        let kind = if is_ident_start(c) {
            self.pos += 1;
            loop {
                // A local index over the bytes (performance).
                let b = self.text.as_bytes();
                let mut i = self.pos;
                while i < b.len() && is_ident_char(b[i]) {
                    i += 1;
                }
                self.pos = i;
                let (n, j) = self.peek_at(self.pos, &mut spliced);
                match n {
                    Some(b) if j != self.pos && is_ident_char(b) => self.pos = j,
                    _ => break,
                }
            }
            sym = if spliced {
                clean_into(&self.text[start..self.pos], &mut self.buf);
                interner.intern(&self.buf)
            } else {
                interner.intern(&self.text[start..self.pos])
            };
            TokenKind::Ident
        } else if let Some(k) =
            SINGLE_PUNCT[c as usize].filter(|_| self.bytes().get(start + 1) != Some(&b'\\'))
        {
            // (A `\` next may be a line continuation, which `lex_punct` looks through and
            // records.)
            self.pos = start + 1;
            k
        } else if c.is_ascii_digit()
            || (c == b'.'
                && self
                    .peek_at(start + 1, &mut spliced)
                    .0
                    .is_some_and(|d| d.is_ascii_digit()))
        {
            self.lex_number(&mut spliced)
        } else if c == b'.' {
            self.pos = start + 1;
            TokenKind::Dot
        } else if c == b'"' {
            self.lex_string()
        } else {
            self.lex_punct(&mut spliced)
        };
        if spliced {
            flags.set(TokenFlags::SPLICED);
        }
        Token {
            kind,
            flags,
            sym,
            span: Span::new(self.file, start as u32, self.pos as u32),
        }
    }

    fn lex_number(&mut self, spliced: &mut bool) -> TokenKind {
        let start = self.pos;
        let mut i = start;
        // The next character (through continuations) and the index after it.
        let next = |lx: &mut Self, i: usize, sp: &mut bool| -> (Option<u8>, usize) {
            let (c, j) = lx.peek_at(i, sp);
            (c, j + 1)
        };
        let (c0, after0) = next(self, i, spliced);
        let (c1, after1) = next(self, after0, spliced);
        let mut is_float = false;
        let digit = |d: u8| d.is_ascii_digit();
        if c0 == Some(b'0') && matches!(c1, Some(b'x' | b'X')) {
            i = after1;
        } else {
            // Digits, then a fraction, then an exponent (only when digits follow the `e`).
            i = self.scan_while(i, spliced, digit);
            if let (Some(b'.'), after) = next(self, i, spliced) {
                is_float = true;
                i = self.scan_while(after, spliced, digit);
            }
            if let (Some(b'e' | b'E'), after_e) = next(self, i, spliced) {
                let (mut c, mut after) = next(self, after_e, spliced);
                if matches!(c, Some(b'+' | b'-')) {
                    (c, after) = next(self, after, spliced);
                }
                if c.is_some_and(digit) {
                    is_float = true;
                    i = self.scan_while(after, spliced, digit);
                }
            }
        }
        // The suffix, or hexadecimal digits: letters, digits and `_` (not `.`, so `1.0.xxx`
        // is a swizzle of a literal). An invalid suffix is one token the parser reports.
        let suffix_start = i;
        i = self.scan_while(i, spliced, |d| d.is_ascii_alphanumeric() || d == b'_');
        self.pos = i;
        // The suffix's first and last bytes, compared without case (performance: no lowercase
        // copy of the suffix).
        let suffix = &self.text.as_bytes()[suffix_start..i];
        let f_suffix = suffix
            .first()
            .is_some_and(|b| b.eq_ignore_ascii_case(&b'f'))
            || suffix.last().is_some_and(|b| b.eq_ignore_ascii_case(&b'f'));
        let hex = c0 == Some(b'0') && matches!(c1, Some(b'x' | b'X'));
        if !hex && (is_float || f_suffix) {
            TokenKind::FloatLit
        } else {
            TokenKind::IntLit
        }
    }

    /// The index after the characters from `i` on (through continuations) that satisfy `f`.
    fn scan_while(&mut self, mut i: usize, spliced: &mut bool, f: impl Fn(u8) -> bool) -> usize {
        loop {
            let (c, j) = self.peek_at(i, spliced);
            match c {
                Some(d) if f(d) => i = j + 1,
                _ => return i,
            }
        }
    }

    fn lex_string(&mut self) -> TokenKind {
        let b = self.bytes();
        let mut i = self.pos + 1;
        while i < b.len() {
            match b[i] {
                b'"' => {
                    self.pos = i + 1;
                    return TokenKind::StrLit;
                }
                b'\\' if i + 1 < b.len() && b[i + 1] != b'\n' && b[i + 1] != b'\r' => i += 2,
                b'\n' | b'\r' => break,
                _ => i += 1,
            }
        }
        // Unterminated: the quote alone is an invalid character.
        self.pos += 1;
        TokenKind::Unknown
    }

    fn lex_punct(&mut self, spliced: &mut bool) -> TokenKind {
        use TokenKind::*;
        let start = self.pos;
        let c = self.bytes()[start];
        // Second and third characters, seen through continuations.
        let (c1, j1) = self.peek_at(start + 1, spliced);
        let mut len_end = start + 1;
        let mut take2 = |k: TokenKind| {
            len_end = j1 + 1;
            k
        };
        let kind = match (c, c1) {
            (b'(', _) => LParen,
            (b')', _) => RParen,
            (b'[', _) => LBracket,
            (b']', _) => RBracket,
            (b'{', _) => LBrace,
            (b'}', _) => RBrace,
            (b'.', _) => Dot,
            (b',', _) => Comma,
            (b':', _) => Colon,
            (b';', _) => Semi,
            (b'?', _) => Question,
            (b'~', _) => Tilde,
            (b'+', Some(b'+')) => take2(PlusPlus),
            (b'+', Some(b'=')) => take2(PlusEq),
            (b'+', _) => Plus,
            (b'-', Some(b'-')) => take2(MinusMinus),
            (b'-', Some(b'=')) => take2(MinusEq),
            (b'-', _) => Minus,
            (b'*', Some(b'=')) => take2(StarEq),
            (b'*', _) => Star,
            (b'/', Some(b'=')) => take2(SlashEq),
            (b'/', _) => Slash,
            (b'%', Some(b'=')) => take2(PercentEq),
            (b'%', _) => Percent,
            (b'&', Some(b'&')) => take2(AndAnd),
            (b'&', Some(b'=')) => take2(AmpEq),
            (b'&', _) => Amp,
            (b'|', Some(b'|')) => take2(OrOr),
            (b'|', Some(b'=')) => take2(PipeEq),
            (b'|', _) => Pipe,
            (b'^', Some(b'^')) => take2(XorXor),
            (b'^', Some(b'=')) => take2(CaretEq),
            (b'^', _) => Caret,
            (b'!', Some(b'=')) => take2(Ne),
            (b'!', _) => Bang,
            (b'=', Some(b'=')) => take2(EqEq),
            (b'=', _) => Eq,
            (b'#', Some(b'#')) => take2(HashHash),
            (b'#', _) => Hash,
            (b'<', Some(b'<')) => take2(Shl),
            (b'<', Some(b'=')) => take2(Le),
            (b'<', _) => Lt,
            (b'>', Some(b'>')) => take2(Shr),
            (b'>', Some(b'=')) => take2(Ge),
            (b'>', _) => Gt,
            _ => {
                // One (possibly multi-byte) character.
                let ch_len = self.text[start..]
                    .chars()
                    .next()
                    .map_or(1, |ch| ch.len_utf8());
                len_end = start + ch_len;
                Unknown
            }
        };
        let kind = match kind {
            Shl | Shr => {
                let (c2, j2) = self.peek_at(len_end, spliced);
                if c2 == Some(b'=') {
                    len_end = j2 + 1;
                    if kind == Shl {
                        ShlEq
                    } else {
                        ShrEq
                    }
                } else {
                    kind
                }
            }
            k => k,
        };
        self.pos = len_end;
        kind
    }

    /// Consumes the rest of the current line without lexing it and returns its byte range
    /// (continuations included). The next token will start a line.
    pub fn raw_rest_of_line(&mut self) -> (u32, u32) {
        let start = self.pos;
        let len = self.bytes().len();
        while self.pos < len {
            let c = self.bytes()[self.pos];
            if c == b'\n' || c == b'\r' {
                break;
            }
            let n = self.continuation_at(self.pos);
            if n > 0 {
                self.pos += n;
                continue;
            }
            self.pos += 1;
        }
        let end = self.pos;
        self.line_start = true;
        (start as u32, end as u32)
    }

    /// Whether the rest of the current line holds only whitespace and comments, without
    /// consuming anything.
    pub fn at_line_end(&self) -> bool {
        let b = self.bytes();
        let mut i = self.pos;
        while i < b.len() {
            match b[i] {
                b' ' | b'\t' | 0x0b | 0x0c => i += 1,
                b'\n' | b'\r' => return true,
                _ => return false,
            }
        }
        true
    }
}

/// Removes line continuations from a spelling into `out`.
fn clean_into(s: &str, out: &mut String) {
    out.clear();
    let b = s.as_bytes();
    let mut i = 0;
    let mut last = 0;
    while i < b.len() {
        if b[i] == b'\\' {
            let n = match b.get(i + 1) {
                Some(b'\n') => 2,
                Some(b'\r') => {
                    if b.get(i + 2) == Some(&b'\n') {
                        3
                    } else {
                        2
                    }
                }
                _ => 0,
            };
            if n > 0 {
                out.push_str(&s[last..i]);
                i += n;
                last = i;
                continue;
            }
        }
        i += 1;
    }
    out.push_str(&s[last..]);
}

/// The spelling of a token's text with any line continuations removed.
pub fn clean_spelling(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains('\\') {
        let mut s = String::with_capacity(text.len());
        clean_into(text, &mut s);
        std::borrow::Cow::Owned(s)
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// Lexes a whole string into tokens (for tests and for re-lexing pasted text).
pub fn lex_all(file: FileId, text: &str, interner: &mut Interner) -> Vec<Token> {
    lex_all_shared(file, Arc::from(text), interner)
}

/// [`lex_all`] of a text already shared (performance: no copy of the text).
pub fn lex_all_shared(file: FileId, text: Arc<str>, interner: &mut Interner) -> Vec<Token> {
    // About one token per five bytes of GLSL (performance: the vector rarely regrows).
    let mut out = Vec::with_capacity(text.len() / 5);
    let mut lx = Lexer::new(file, text);
    loop {
        let t = lx.next(interner);
        if t.kind == TokenKind::Eof {
            break;
        }
        out.push(t);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use TokenKind::*;

    fn kinds(s: &str) -> Vec<(TokenKind, String)> {
        let mut i = Interner::new();
        lex_all(FileId(0), s, &mut i)
            .into_iter()
            .map(|t| (t.kind, clean_spelling(&s[t.span.range()]).into_owned()))
            .collect()
    }

    #[test]
    fn punctuators_maximal_munch() {
        let k: Vec<_> =
            kinds("<<= >>= << >> <= >= == != && || ^^ ++ -- += -= *= /= %= &= |= ^= ## #")
                .into_iter()
                .map(|x| x.0)
                .collect();
        assert_eq!(
            k,
            vec![
                ShlEq, ShrEq, Shl, Shr, Le, Ge, EqEq, Ne, AndAnd, OrOr, XorXor, PlusPlus,
                MinusMinus, PlusEq, MinusEq, StarEq, SlashEq, PercentEq, AmpEq, PipeEq, CaretEq,
                HashHash, Hash
            ]
        );
    }

    #[test]
    fn numbers() {
        assert_eq!(kinds("1.0")[0].0, FloatLit);
        assert_eq!(kinds(".5e-3f")[0], (FloatLit, ".5e-3f".into()));
        assert_eq!(kinds("2E10")[0].0, FloatLit);
        assert_eq!(kinds("0x1F")[0], (IntLit, "0x1F".into()));
        assert_eq!(kinds("0x1e+1").len(), 3);
        assert_eq!(kinds("5u")[0], (IntLit, "5u".into()));
        assert_eq!(kinds("5lf")[0], (FloatLit, "5lf".into()));
        assert_eq!(kinds("1.0foo")[0], (FloatLit, "1.0foo".into()));
        assert_eq!(kinds("a.x")[1].0, Dot);
        // A literal can be swizzled.
        let k = kinds("1.0.xxx");
        assert_eq!(k[0], (FloatLit, "1.0".into()));
        assert_eq!(k[1].0, Dot);
        assert_eq!(kinds("1e")[0], (IntLit, "1e".into()));
        assert_eq!(kinds("1e+")[0], (IntLit, "1e".into()));
        assert_eq!(kinds("2.5e+3hf")[0], (FloatLit, "2.5e+3hf".into()));
        assert_eq!(kinds("1.0fe5m2")[0], (FloatLit, "1.0fe5m2".into()));
        assert_eq!(kinds("07u")[0], (IntLit, "07u".into()));
        assert_eq!(kinds("0xABCDEFul")[0], (IntLit, "0xABCDEFul".into()));
    }

    #[test]
    fn comments_and_continuations() {
        let k = kinds("a /* x\n y */ b // c \\\n d\ne");
        assert_eq!(
            k.iter().map(|x| x.1.as_str()).collect::<Vec<_>>(),
            vec!["a", "b", "e"]
        );
        let k = kinds("fl\\\noat");
        assert_eq!(k, vec![(Ident, "float".into())]);
        let k = kinds("+\\\r\n=");
        assert_eq!(k[0].0, PlusEq);
    }

    #[test]
    fn line_start_flags() {
        let mut i = Interner::new();
        let t = lex_all(FileId(0), "a b\n  c /* \n */ d", &mut i);
        let starts: Vec<bool> = t.iter().map(|t| t.at_line_start()).collect();
        assert_eq!(starts, vec![true, false, true, false]);
    }

    #[test]
    fn unknown_characters() {
        let k = kinds("$ @ ` ' \\ é \"abc");
        assert!(k.iter().all(|x| x.0 == Unknown || x.0 == Ident), "{k:?}");
        assert_eq!(kinds("\"a b\"")[0].0, StrLit);
    }
}
