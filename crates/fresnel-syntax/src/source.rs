//! The source map: every byte the compiler reads lives here, and every [`Span`] points into it.
//!
//! A compilation owns one [`SourceMap`]. Files are appended (the main file, `#include`d files,
//! command-line definitions, and one *scratch* file that holds text the preprocessor makes up:
//! pasted tokens, stringified arguments, the values of `__LINE__` and `__FILE__`).
//!
//! Spans are byte ranges into one file plus an [`ExpnId`]: the macro expansion that produced the
//! token (or [`ExpnId::ROOT`] when the token was written in the file directly). Expansions form a
//! chain back to the place in real source where the outermost macro was invoked, so a diagnostic
//! can point at the invocation and add "in expansion of macro X" notes.
//!
//! `#line` directives do not change spans; they are recorded as [`LineMark`]s and applied when a
//! span is turned into a *presumed* location for a diagnostic header or for `__LINE__`.

use std::ops::Range;
use std::sync::{Arc, OnceLock};

use crate::intern::Symbol;

/// Index of a file in the [`SourceMap`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Default)]
pub struct FileId(pub u32);

/// Index of a macro expansion in the [`SourceMap`]; `ExpnId::ROOT` means "not from a macro".
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Default)]
pub struct ExpnId(pub u32);

impl ExpnId {
    pub const ROOT: ExpnId = ExpnId(0);
    pub fn is_root(self) -> bool {
        self.0 == 0
    }
}

/// A byte range in one file, tagged with the macro expansion it came from.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Span {
    pub file: FileId,
    pub start: u32,
    pub end: u32,
    pub expn: ExpnId,
}

impl Span {
    pub fn new(file: FileId, start: u32, end: u32) -> Span {
        Span {
            file,
            start,
            end,
            expn: ExpnId::ROOT,
        }
    }

    pub fn with_expn(self, expn: ExpnId) -> Span {
        Span { expn, ..self }
    }

    pub fn range(self) -> Range<usize> {
        self.start as usize..self.end as usize
    }

    pub fn len(self) -> u32 {
        self.end - self.start
    }

    pub fn is_empty(self) -> bool {
        self.start == self.end
    }

    /// The empty span at the start of `self`.
    pub fn shrink_to_lo(self) -> Span {
        Span {
            end: self.start,
            ..self
        }
    }

    /// The empty span at the end of `self`.
    pub fn shrink_to_hi(self) -> Span {
        Span {
            start: self.end,
            ..self
        }
    }

    /// Covers `self` through `other` when both come from the same file and expansion; otherwise
    /// (tokens from different macro expansions) keeps `self`. Use [`SourceMap::join`] to join
    /// across expansions.
    pub fn to(self, other: Span) -> Span {
        if self.file == other.file && self.expn == other.expn {
            Span {
                start: self.start.min(other.start),
                end: self.end.max(other.end),
                ..self
            }
        } else {
            self
        }
    }
}

/// Where a file came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileOrigin {
    /// A file given to the compiler directly.
    Main,
    /// A file pulled in by `#include` at this span.
    Include { at: Span },
    /// Definitions given on the command line (`-D`), or a prelude given by the caller.
    CommandLine,
    /// Text made up by the preprocessor (pasted tokens, stringification, `__LINE__`).
    Scratch,
}

/// A presumed name set by `#line`: a source-string number, or a file name where
/// `GL_GOOGLE_cpp_style_line_directive` allows one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PresumedName {
    Number(u32),
    Name(String),
}

/// The effect of one `#line` directive: the line starting at `offset` has number `line`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineMark {
    pub offset: u32,
    pub line: u32,
    pub name: Option<PresumedName>,
}

#[derive(Clone, Debug)]
enum FileText {
    /// Text that never changes; lexers hold a cheap clone of it.
    Shared(Arc<str>),
    /// Text built into the program (the built-in declarations): never copied.
    Static(&'static str),
    /// The scratch file, which grows as the preprocessor makes up text.
    Growable(String),
}

#[derive(Clone, Debug)]
pub struct SourceFile {
    pub name: String,
    text: FileText,
    pub origin: FileOrigin,
    /// Where each line starts, computed on first use (performance: most compilations never
    /// turn a span into a line, so the scan of every file is skipped; the scratch file's is
    /// filled at creation and kept current as it grows).
    line_starts: OnceLock<Vec<u32>>,
    line_marks: Vec<LineMark>,
}

impl SourceFile {
    fn new(name: String, text: Arc<str>, origin: FileOrigin) -> SourceFile {
        SourceFile {
            name,
            text: FileText::Shared(text),
            origin,
            line_starts: OnceLock::new(),
            line_marks: Vec::new(),
        }
    }

    /// The start of every line (see the field).
    fn line_starts(&self) -> &[u32] {
        self.line_starts.get_or_init(|| {
            let text = self.text().as_bytes();
            // One entry per "\n" (plus the first line and rare lone "\r"s): counted first, so
            // the table does not regrow (performance).
            let lines = crate::bytescan::count(b'\n', text);
            let mut line_starts = Vec::with_capacity(lines + 1);
            line_starts.push(0);
            push_line_starts(&mut line_starts, text, 0);
            line_starts
        })
    }

    /// The whole text of the file.
    pub fn text(&self) -> &str {
        match &self.text {
            FileText::Shared(t) => t,
            FileText::Static(t) => t,
            FileText::Growable(t) => t,
        }
    }

    /// A shared handle on the text (for lexers), if the file cannot change.
    pub fn shared_text(&self) -> Option<Arc<str>> {
        match &self.text {
            FileText::Shared(t) => Some(t.clone()),
            FileText::Static(t) => Some(Arc::from(*t)),
            FileText::Growable(_) => None,
        }
    }

    /// Zero-based physical line of a byte offset.
    pub fn line_index(&self, offset: u32) -> usize {
        match self.line_starts().binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        }
    }

    /// Byte offset where zero-based line `line` starts.
    pub fn line_start(&self, line: usize) -> u32 {
        self.line_starts()
            .get(line)
            .copied()
            .unwrap_or(self.text().len() as u32)
    }

    pub fn line_count(&self) -> usize {
        self.line_starts().len()
    }

    /// Byte range of zero-based line `line`, without its line terminator.
    pub fn line_range(&self, line: usize) -> Range<usize> {
        let start = self.line_start(line) as usize;
        let starts = self.line_starts();
        let mut end = if line + 1 < starts.len() {
            starts[line + 1] as usize
        } else {
            self.text().len()
        };
        let bytes = self.text().as_bytes();
        while end > start && (bytes[end - 1] == b'\n' || bytes[end - 1] == b'\r') {
            end -= 1;
        }
        start..end
    }

    pub fn line_marks(&self) -> &[LineMark] {
        &self.line_marks
    }
}

fn push_line_starts(out: &mut Vec<u32>, bytes: &[u8], base: u32) {
    // A line ends at "\n", "\r\n" or a lone "\r" (a vector search: this runs on every file).
    let mut lf_of_crlf = usize::MAX;
    crate::bytescan::for_each2(b'\n', b'\r', bytes, |i| {
        if i == lf_of_crlf {
            return;
        }
        if bytes[i] == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
            lf_of_crlf = i + 1;
            out.push(base + i as u32 + 2);
        } else {
            out.push(base + i as u32 + 1);
        }
    });
}

/// What a macro expansion was: which macro, where it is defined, and where it was invoked.
#[derive(Clone, Debug)]
pub struct ExpnData {
    pub macro_name: Symbol,
    /// The macro's name in its `#define`, or a dummy span for built-in macros.
    pub def_site: Option<Span>,
    /// The invocation: the macro name (through the closing parenthesis for a function-like
    /// macro). Its own `expn` says whether the invocation itself came from another expansion.
    pub call_site: Span,
}

/// A location as a person reads it: one-based line and column (in characters), and the name
/// the `#line` directives in force give the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location<'a> {
    pub file: FileId,
    pub name: &'a str,
    /// The source-string number set by `#line L N`, if any.
    pub string_number: Option<u32>,
    pub line: u32,
    pub column: u32,
    pub physical_line: u32,
}

/// All source text of one compilation, plus macro expansion records.
#[derive(Clone, Debug)]
pub struct SourceMap {
    files: Vec<SourceFile>,
    expansions: Vec<ExpnData>,
    scratch: Option<FileId>,
}

impl Default for SourceMap {
    fn default() -> Self {
        Self::new()
    }
}

impl SourceMap {
    pub fn new() -> SourceMap {
        SourceMap {
            files: Vec::new(),
            // Index 0 is the root "expansion" (no macro); its data is never read.
            expansions: vec![ExpnData {
                macro_name: Symbol(0),
                def_site: None,
                call_site: Span::default(),
            }],
            scratch: None,
        }
    }

    pub fn add_file(
        &mut self,
        name: impl Into<String>,
        text: impl Into<Arc<str>>,
        origin: FileOrigin,
    ) -> FileId {
        let id = FileId(self.files.len() as u32);
        self.files
            .push(SourceFile::new(name.into(), text.into(), origin));
        id
    }

    /// Adds a file whose text is built into the program (performance: not copied).
    pub fn add_static_file(
        &mut self,
        name: impl Into<String>,
        text: &'static str,
        origin: FileOrigin,
    ) -> FileId {
        let id = FileId(self.files.len() as u32);
        self.files.push(SourceFile {
            name: name.into(),
            text: FileText::Static(text),
            origin,
            line_starts: OnceLock::new(),
            line_marks: Vec::new(),
        });
        id
    }

    pub fn file(&self, id: FileId) -> &SourceFile {
        &self.files[id.0 as usize]
    }

    pub fn files(&self) -> impl Iterator<Item = (FileId, &SourceFile)> {
        self.files
            .iter()
            .enumerate()
            .map(|(i, f)| (FileId(i as u32), f))
    }

    pub fn file_count(&self) -> usize {
        self.files.len()
    }

    /// The text a span covers (its spelling, including any line continuations).
    pub fn text(&self, span: Span) -> &str {
        match self.files.get(span.file.0 as usize) {
            Some(f) => f.text().get(span.range()).unwrap_or(""),
            None => "",
        }
    }

    /// Bytes in the scratch file so far.
    pub fn scratch_len(&self) -> usize {
        self.scratch
            .map_or(0, |id| self.files[id.0 as usize].text().len())
    }

    /// Appends text to the scratch file and returns its span.
    pub fn add_scratch(&mut self, text: &str) -> Span {
        let id = match self.scratch {
            Some(id) => id,
            None => {
                let id = FileId(self.files.len() as u32);
                // Room for the predefined macros' values (performance: made growable at once,
                // and not regrown by the first few additions).
                self.files.push(SourceFile {
                    name: "<scratch space>".into(),
                    text: FileText::Growable(String::with_capacity(64)),
                    origin: FileOrigin::Scratch,
                    line_starts: OnceLock::from({
                        // One line per made-up token: room for the predefined macros'
                        // (performance: not regrown by the first few additions).
                        let mut starts = Vec::with_capacity(8);
                        starts.push(0);
                        starts
                    }),
                    line_marks: Vec::new(),
                });
                self.scratch = Some(id);
                id
            }
        };
        let f = &mut self.files[id.0 as usize];
        let FileText::Growable(buf) = &mut f.text else {
            unreachable!("the scratch file is growable")
        };
        let start = buf.len() as u32;
        buf.push_str(text);
        // Keep every made-up token on a line of its own so line lookups stay meaningful.
        buf.push('\n');
        let end = start + text.len() as u32;
        let len = buf.len() as u32;
        if let Some(starts) = f.line_starts.get_mut() {
            starts.push(len);
        }
        Span::new(id, start, end)
    }

    pub fn add_expansion(&mut self, data: ExpnData) -> ExpnId {
        let id = ExpnId(self.expansions.len() as u32);
        self.expansions.push(data);
        id
    }

    pub fn expansion(&self, id: ExpnId) -> &ExpnData {
        &self.expansions[id.0 as usize]
    }

    pub fn expansion_count(&self) -> usize {
        self.expansions.len()
    }

    /// Records a `#line` directive: the line starting at `offset` in `file` is line `line`.
    pub fn add_line_mark(&mut self, file: FileId, mark: LineMark) {
        let marks = &mut self.files[file.0 as usize].line_marks;
        // Directives are processed in order, so this stays sorted.
        debug_assert!(marks.last().is_none_or(|m| m.offset <= mark.offset));
        marks.push(mark);
    }

    /// The span in real (non-macro) source that a span finally comes from: the call site of
    /// its outermost expansion, or the span itself.
    pub fn source_callsite(&self, mut span: Span) -> Span {
        let mut guard = 0usize;
        while !span.expn.is_root() && guard < self.expansions.len() {
            span = self.expansion(span.expn).call_site;
            guard += 1;
        }
        span
    }

    /// The chain of expansions a span comes from, innermost first.
    pub fn expansion_chain(&self, span: Span) -> Vec<ExpnId> {
        let mut out = Vec::new();
        let mut e = span.expn;
        while !e.is_root() && out.len() < self.expansions.len() {
            out.push(e);
            e = self.expansion(e).call_site.expn;
        }
        out
    }

    /// Joins two spans into one covering both, going up the expansion chains until both are in
    /// the same file and expansion.
    #[inline]
    pub fn join(&self, a: Span, b: Span) -> Span {
        if a.file == b.file && a.expn == b.expn {
            return a.to(b);
        }
        self.join_expansions(a, b)
    }

    /// [`Self::join`] of spans from different files or expansions (kept out of line: the
    /// parser joins spans of the same expansion at nearly every node; performance).
    #[inline(never)]
    fn join_expansions(&self, a: Span, b: Span) -> Span {
        let ca = self.expansion_chain(a);
        let cb = self.expansion_chain(b);
        // Walk up from a until we reach an expansion that b shares.
        let mut a2 = a;
        let mut b2 = b;
        for &ea in std::iter::once(&a.expn).chain(ca.iter()) {
            if ea.is_root() || cb.contains(&ea) || b.expn == ea {
                break;
            }
            a2 = self.expansion(ea).call_site;
        }
        if a2.expn != b2.expn {
            for &eb in std::iter::once(&b.expn).chain(cb.iter()) {
                if eb == a2.expn || eb.is_root() {
                    break;
                }
                b2 = self.expansion(eb).call_site;
            }
        }
        if a2.file == b2.file && a2.expn == b2.expn {
            a2.to(b2)
        } else {
            let a3 = self.source_callsite(a);
            let b3 = self.source_callsite(b);
            a3.to(b3)
        }
    }

    /// One-based physical line and column (in characters) of a byte offset.
    pub fn line_col(&self, file: FileId, offset: u32) -> (u32, u32) {
        let f = self.file(file);
        let line = f.line_index(offset);
        let start = f.line_start(line) as usize;
        let text = f.text();
        let end = (offset as usize).min(text.len());
        let col = text
            .get(start..end)
            .map_or(end - start, |s| s.chars().count());
        (line as u32 + 1, col as u32 + 1)
    }

    /// The presumed location of the start of `span`: macro expansions are followed to the real
    /// source, and `#line` directives are applied.
    pub fn location(&self, span: Span) -> Location<'_> {
        let span = self.source_callsite(span);
        self.location_in_file(span.file, span.start)
    }

    /// Like [`SourceMap::location`] for a byte offset in a file.
    pub fn location_in_file(&self, file: FileId, offset: u32) -> Location<'_> {
        let f = self.file(file);
        let (physical_line, column) = self.line_col(file, offset);
        let mut name: &str = &f.name;
        let mut string_number = None;
        let mut line = physical_line;
        let marks = &f.line_marks;
        let idx = marks.partition_point(|m| m.offset <= offset);
        if idx > 0 {
            let m = &marks[idx - 1];
            let mark_line = f.line_index(m.offset) as u32 + 1;
            line = m.line.wrapping_add(physical_line - mark_line);
            // The name in force is the latest one given at or before this mark.
            for m in marks[..idx].iter().rev() {
                match &m.name {
                    Some(PresumedName::Name(n)) => {
                        name = n;
                        break;
                    }
                    Some(PresumedName::Number(n)) => {
                        string_number = Some(*n);
                        break;
                    }
                    None => {}
                }
            }
        }
        Location {
            file,
            name,
            string_number,
            line,
            column,
            physical_line,
        }
    }
}

impl<'a> codespan_reporting::files::Files<'a> for SourceMap {
    type FileId = FileId;
    type Name = &'a str;
    type Source = &'a str;

    fn name(&'a self, id: FileId) -> Result<&'a str, codespan_reporting::files::Error> {
        self.files
            .get(id.0 as usize)
            .map(|f| f.name.as_str())
            .ok_or(codespan_reporting::files::Error::FileMissing)
    }

    fn source(&'a self, id: FileId) -> Result<&'a str, codespan_reporting::files::Error> {
        self.files
            .get(id.0 as usize)
            .map(|f| f.text())
            .ok_or(codespan_reporting::files::Error::FileMissing)
    }

    fn line_index(
        &'a self,
        id: FileId,
        byte_index: usize,
    ) -> Result<usize, codespan_reporting::files::Error> {
        let f = self
            .files
            .get(id.0 as usize)
            .ok_or(codespan_reporting::files::Error::FileMissing)?;
        Ok(f.line_index(byte_index as u32))
    }

    fn line_range(
        &'a self,
        id: FileId,
        line_index: usize,
    ) -> Result<Range<usize>, codespan_reporting::files::Error> {
        let f = self
            .files
            .get(id.0 as usize)
            .ok_or(codespan_reporting::files::Error::FileMissing)?;
        if line_index >= f.line_count() {
            return Err(codespan_reporting::files::Error::LineTooLarge {
                given: line_index,
                max: f.line_count() - 1,
            });
        }
        let start = f.line_start(line_index) as usize;
        let end = if line_index + 1 < f.line_count() {
            f.line_start(line_index + 1) as usize
        } else {
            f.text().len()
        };
        Ok(start..end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_starts_handle_all_terminators() {
        let mut sm = SourceMap::new();
        let f = sm.add_file("a", "a\nb\r\nc\rd", FileOrigin::Main);
        assert_eq!(sm.line_col(f, 0), (1, 1));
        assert_eq!(sm.line_col(f, 2), (2, 1));
        assert_eq!(sm.line_col(f, 5), (3, 1));
        assert_eq!(sm.line_col(f, 7), (4, 1));
        assert_eq!(sm.file(f).line_range(1), 2..3);
        // A lone "\r" before "\r\n", and one at the very end.
        let g = sm.add_file("b", "x\r\r\ny\r", FileOrigin::Main);
        assert_eq!(sm.line_col(g, 2), (2, 1));
        assert_eq!(sm.line_col(g, 4), (3, 1));
        assert_eq!(sm.line_col(g, 5), (3, 2));
        assert_eq!(sm.line_col(g, 6), (4, 1));
    }

    #[test]
    fn line_marks_shift_presumed_lines() {
        let mut sm = SourceMap::new();
        let f = sm.add_file("a.glsl", "x\n#line 10 \"b.h\"\ny\nz\n", FileOrigin::Main);
        sm.add_line_mark(
            f,
            LineMark {
                offset: 17,
                line: 10,
                name: Some(PresumedName::Name("b.h".into())),
            },
        );
        let l = sm.location_in_file(f, 0);
        assert_eq!((l.name, l.line), ("a.glsl", 1));
        let l = sm.location_in_file(f, 19);
        assert_eq!((l.name, l.line, l.physical_line), ("b.h", 11, 4));
    }

    #[test]
    fn scratch_text_is_addressable() {
        let mut sm = SourceMap::new();
        let a = sm.add_scratch("foo");
        let b = sm.add_scratch("bar");
        assert_eq!(sm.text(a), "foo");
        assert_eq!(sm.text(b), "bar");
        assert_eq!(a.file, b.file);
    }
}
