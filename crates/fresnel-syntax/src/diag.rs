//! Diagnostics: what every phase reports, and how they are shown.
//!
//! A [`Diagnostic`] has a severity, a stable kebab-case `code`, a message, a primary span with
//! an optional label, secondary labels and notes. Phases push them into a [`Diagnostics`]
//! sink, which bounds how many are kept (a hostile input cannot make the list grow without end).
//!
//! Rendering is pure (strings in, strings out):
//! * [`render_human`]: a `FILE:LINE:COL: error: message` header (the location is the presumed
//!   one: `#line` applied, macro expansions followed to the invocation), then the source
//!   snippet with carets and notes drawn by `codespan-reporting`.
//! * [`render_json`]: one JSON object per line with `file`, `line`, `column`, `end_line`,
//!   `end_column`, `severity`, `code`, `message` (and `notes`).

use std::fmt::Write as _;

use codespan_reporting::diagnostic as cs;
use codespan_reporting::term;

use crate::intern::Interner;
use crate::source::{FileOrigin, SourceMap, Span};

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    Note,
    Warning,
    Error,
}

impl Severity {
    pub fn name(self) -> &'static str {
        match self {
            Severity::Note => "note",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A secondary location with a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Label {
    pub span: Span,
    pub message: String,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub severity: Severity,
    /// Stable kebab-case identifier of the kind of problem (`pp-unterminated-if`, ...).
    pub code: &'static str,
    pub message: String,
    /// Where the problem is; `None` for problems with no place (bad options, ...).
    pub span: Option<Span>,
    /// Text shown under the primary span's caret.
    pub label: Option<String>,
    pub labels: Vec<Label>,
    pub notes: Vec<String>,
}

impl Diagnostic {
    pub fn new(severity: Severity, code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            severity,
            code,
            message: message.into(),
            span: None,
            label: None,
            labels: Vec::new(),
            notes: Vec::new(),
        }
    }

    pub fn error(code: &'static str, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Error, code, message).at(span)
    }

    pub fn warning(code: &'static str, span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic::new(Severity::Warning, code, message).at(span)
    }

    pub fn at(mut self, span: Span) -> Diagnostic {
        self.span = Some(span);
        self
    }

    pub fn with_label(mut self, label: impl Into<String>) -> Diagnostic {
        self.label = Some(label.into());
        self
    }

    pub fn with_secondary(mut self, span: Span, message: impl Into<String>) -> Diagnostic {
        self.labels.push(Label {
            span,
            message: message.into(),
        });
        self
    }

    pub fn with_note(mut self, note: impl Into<String>) -> Diagnostic {
        self.notes.push(note.into());
        self
    }

    pub fn is_error(&self) -> bool {
        self.severity == Severity::Error
    }
}

/// Default bound on the number of diagnostics kept by one [`Diagnostics`] sink.
pub const DEFAULT_DIAGNOSTIC_LIMIT: usize = 200;

/// Collects diagnostics; keeps at most `limit` of them and counts the rest.
#[derive(Clone, Debug)]
pub struct Diagnostics {
    list: Vec<Diagnostic>,
    errors: usize,
    warnings: usize,
    dropped: usize,
    limit: usize,
    /// Warnings are reported as errors (`-Werror`).
    pub warnings_as_errors: bool,
    /// Warnings are not kept at all (`-w`).
    pub suppress_warnings: bool,
}

impl Default for Diagnostics {
    fn default() -> Self {
        Diagnostics::with_limit(DEFAULT_DIAGNOSTIC_LIMIT)
    }
}

impl Diagnostics {
    pub fn new() -> Diagnostics {
        Diagnostics::default()
    }

    pub fn with_limit(limit: usize) -> Diagnostics {
        Diagnostics {
            list: Vec::new(),
            errors: 0,
            warnings: 0,
            dropped: 0,
            limit: limit.max(1),
            warnings_as_errors: false,
            suppress_warnings: false,
        }
    }

    pub fn push(&mut self, mut d: Diagnostic) {
        if d.severity == Severity::Warning {
            if self.suppress_warnings {
                return;
            }
            if self.warnings_as_errors {
                d.severity = Severity::Error;
            }
        }
        match d.severity {
            Severity::Error => self.errors += 1,
            Severity::Warning => self.warnings += 1,
            Severity::Note => {}
        }
        if self.list.len() < self.limit {
            self.list.push(d);
        } else {
            self.dropped += 1;
        }
    }

    pub fn error(&mut self, code: &'static str, span: Span, message: impl Into<String>) {
        self.push(Diagnostic::error(code, span, message));
    }

    pub fn warning(&mut self, code: &'static str, span: Span, message: impl Into<String>) {
        self.push(Diagnostic::warning(code, span, message));
    }

    pub fn has_errors(&self) -> bool {
        self.errors > 0
    }

    pub fn error_count(&self) -> usize {
        self.errors
    }

    pub fn warning_count(&self) -> usize {
        self.warnings
    }

    /// Number of diagnostics not kept because the limit was reached.
    pub fn dropped(&self) -> usize {
        self.dropped
    }

    /// Whether the limit has been reached (phases may stop early then).
    pub fn is_full(&self) -> bool {
        self.list.len() >= self.limit
    }

    pub fn iter(&self) -> std::slice::Iter<'_, Diagnostic> {
        self.list.iter()
    }

    pub fn as_slice(&self) -> &[Diagnostic] {
        &self.list
    }

    pub fn into_vec(self) -> Vec<Diagnostic> {
        self.list
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Sorts by file and position, keeping the order of diagnostics at the same place.
    pub fn sort_by_position(&mut self, sm: &SourceMap) {
        self.list.sort_by_key(|d| {
            d.span.map_or((0, 0, 0), |s| {
                let s = sm.source_callsite(s);
                (s.file.0, s.start, 0)
            })
        });
    }

    pub fn extend(&mut self, other: Diagnostics) {
        for d in other.list {
            self.push(d);
        }
        self.dropped += other.dropped;
    }
}

/// Options for [`render_human`].
#[derive(Clone, Copy, Debug, Default)]
pub struct RenderOptions {
    /// Use ANSI colours.
    pub color: bool,
}

/// The labels of a diagnostic as codespan-reporting draws them: the primary one at the real
/// source location, and one per macro expansion the span went through.
fn expansion_labels(sm: &SourceMap, interner: &Interner, span: Span) -> (Span, Vec<Label>) {
    let callsite = sm.source_callsite(span);
    let mut labels = Vec::new();
    if span.expn.is_root() {
        return (callsite, labels);
    }
    // The token as spelled (inside a macro body), unless it was made up by the preprocessor.
    let mut spelled = span;
    let mut e = span.expn;
    let mut guard = 0;
    while !e.is_root() && guard < 64 {
        let data = sm.expansion(e);
        let name = interner.resolve(data.macro_name);
        let file = sm.file(spelled.file);
        if file.origin != FileOrigin::Scratch {
            labels.push(Label {
                span: spelled.with_expn(crate::source::ExpnId::ROOT),
                message: format!("in expansion of macro `{name}`"),
            });
        }
        spelled = data.call_site;
        e = data.call_site.expn;
        guard += 1;
    }
    (callsite, labels)
}

fn to_codespan(
    sm: &SourceMap,
    interner: &Interner,
    d: &Diagnostic,
) -> cs::Diagnostic<crate::source::FileId> {
    let sev = match d.severity {
        Severity::Error => cs::Severity::Error,
        Severity::Warning => cs::Severity::Warning,
        Severity::Note => cs::Severity::Note,
    };
    let mut out = cs::Diagnostic::new(sev);
    let mut labels = Vec::new();
    if let Some(span) = d.span {
        let (primary, extra) = expansion_labels(sm, interner, span);
        labels.push(
            cs::Label::primary(primary.file, primary.range())
                .with_message(d.label.clone().unwrap_or_default()),
        );
        for l in extra {
            labels.push(cs::Label::secondary(l.span.file, l.span.range()).with_message(l.message));
        }
    }
    for l in &d.labels {
        let s = sm.source_callsite(l.span);
        labels.push(cs::Label::secondary(s.file, s.range()).with_message(l.message.clone()));
    }
    out = out.with_labels(labels);
    out.with_notes(d.notes.clone())
}

/// The `FILE:LINE:COL` a diagnostic is reported at (presumed location), or `None`.
pub fn header_location(sm: &SourceMap, d: &Diagnostic) -> Option<(String, u32, u32)> {
    let span = d.span?;
    let loc = sm.location(span);
    Some((loc.name.to_string(), loc.line, loc.column))
}

/// Renders diagnostics for people.
pub fn render_human(
    sm: &SourceMap,
    interner: &Interner,
    diags: &[Diagnostic],
    opts: RenderOptions,
) -> String {
    use term::termcolor::{Buffer, Color, ColorSpec, WriteColor};
    let config = term::Config {
        chars: term::Chars::ascii(),
        ..term::Config::default()
    };
    let styles = term::Styles::default();
    let mut out = String::new();
    for d in diags {
        let mut buf = if opts.color {
            Buffer::ansi()
        } else {
            Buffer::no_color()
        };
        // Header line.
        let sev_color = match d.severity {
            Severity::Error => Color::Red,
            Severity::Warning => Color::Yellow,
            Severity::Note => Color::Cyan,
        };
        let loc = header_location(sm, d);
        let _ = buf.set_color(ColorSpec::new().set_bold(true));
        let head = match &loc {
            Some((name, line, col)) => format!("{name}:{line}:{col}: "),
            None => "fresnel: ".to_string(),
        };
        let _ = std::io::Write::write_all(&mut buf, head.as_bytes());
        let _ = buf.set_color(ColorSpec::new().set_bold(true).set_fg(Some(sev_color)));
        let _ = std::io::Write::write_all(&mut buf, d.severity.name().as_bytes());
        let _ = buf.set_color(ColorSpec::new().set_bold(true));
        let _ = std::io::Write::write_all(&mut buf, format!(": {}", d.message).as_bytes());
        let _ = buf.reset();
        let _ = std::io::Write::write_all(&mut buf, b"\n");
        // Snippet and notes, drawn by codespan-reporting without its own header line.
        let csd = to_codespan(sm, interner, d);
        let mut body = Buffer::no_color();
        let rendered = if opts.color {
            let mut b = Buffer::ansi();
            let r = term::emit_to_write_style(
                &mut term::StylesWriter::new(&mut b, &styles),
                &config,
                sm,
                &csd,
            );
            body = b;
            r
        } else {
            term::emit_to_io_write(&mut body, &config, sm, &csd)
        };
        let text = String::from_utf8_lossy(body.as_slice()).into_owned();
        if rendered.is_ok() {
            // Drop codespan's header (its first line), keep the rest.
            if let Some(nl) = text.find('\n') {
                let rest = &text[nl + 1..];
                let _ = std::io::Write::write_all(&mut buf, rest.as_bytes());
            }
        } else {
            for n in &d.notes {
                let _ = writeln!(&mut out, "  = {n}");
            }
        }
        out.push_str(&String::from_utf8_lossy(buf.as_slice()));
    }
    out
}

/// Renders diagnostics as JSON lines.
pub fn render_json(sm: &SourceMap, diags: &[Diagnostic]) -> String {
    let mut out = String::new();
    for d in diags {
        let mut obj = serde_json::Map::new();
        if let Some(span) = d.span {
            let start = sm.location(span);
            let real = sm.source_callsite(span);
            let end = sm.location_in_file(real.file, real.end);
            // The end is on the same presumed line numbering as the start.
            let end_line = start
                .line
                .wrapping_add(end.physical_line.saturating_sub(start.physical_line));
            obj.insert("file".into(), start.name.into());
            obj.insert("line".into(), start.line.into());
            obj.insert("column".into(), start.column.into());
            obj.insert("end_line".into(), end_line.into());
            obj.insert("end_column".into(), end.column.into());
        } else {
            obj.insert("file".into(), serde_json::Value::Null);
            obj.insert("line".into(), serde_json::Value::Null);
            obj.insert("column".into(), serde_json::Value::Null);
            obj.insert("end_line".into(), serde_json::Value::Null);
            obj.insert("end_column".into(), serde_json::Value::Null);
        }
        obj.insert("severity".into(), d.severity.name().into());
        obj.insert("code".into(), d.code.into());
        obj.insert("message".into(), d.message.clone().into());
        if !d.notes.is_empty() {
            obj.insert("notes".into(), d.notes.clone().into());
        }
        out.push_str(&serde_json::Value::Object(obj).to_string());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::{FileOrigin, SourceMap, Span};

    #[test]
    fn human_header_then_snippet() {
        let mut sm = SourceMap::new();
        let f = sm.add_file("s.frag", "void main() {\n  foo = 1;\n}\n", FileOrigin::Main);
        let i = Interner::new();
        let d = Diagnostic::error(
            "undeclared",
            Span::new(f, 16, 19),
            "undeclared identifier `foo`",
        )
        .with_label("not declared")
        .with_note("declare it first");
        let s = render_human(&sm, &i, &[d], RenderOptions::default());
        let mut lines = s.lines();
        assert_eq!(
            lines.next(),
            Some("s.frag:2:3: error: undeclared identifier `foo`")
        );
        assert!(s.contains("^^^ not declared"), "{s}");
        assert!(s.contains("= declare it first"), "{s}");
    }

    #[test]
    fn json_has_contract_fields() {
        let mut sm = SourceMap::new();
        let f = sm.add_file("s.frag", "abc\ndef\n", FileOrigin::Main);
        let d = Diagnostic::warning("w", Span::new(f, 4, 7), "hm");
        let s = render_json(&sm, &[d]);
        let v: serde_json::Value = serde_json::from_str(s.trim()).unwrap();
        assert_eq!(v["file"], "s.frag");
        assert_eq!(v["line"], 2);
        assert_eq!(v["column"], 1);
        assert_eq!(v["end_line"], 2);
        assert_eq!(v["end_column"], 4);
        assert_eq!(v["severity"], "warning");
        assert_eq!(v["code"], "w");
    }

    #[test]
    fn sink_is_bounded() {
        let mut d = Diagnostics::with_limit(3);
        for _ in 0..10 {
            d.error("x", Span::default(), "e");
        }
        assert_eq!(d.len(), 3);
        assert_eq!(d.error_count(), 10);
        assert_eq!(d.dropped(), 7);
    }
}
