//! The textual form of preprocessed output (`fresnel preprocess`), in the manner of `cc -E`:
//! tokens stay on the physical lines they came from (macro expansions on the line of their
//! invocation), indentation is kept, and the directives later phases need (`#version`,
//! `#extension`, `#pragma`, `#line`) are printed where they stood.

use super::*;

fn directive_text(kind: &PpEventKind) -> String {
    match kind {
        PpEventKind::Version(v) => format!("#version {v}"),
        PpEventKind::Extension { name, behavior, .. } => {
            format!("#extension {name} : {}", behavior.name())
        }
        PpEventKind::Pragma(p) => match p {
            Pragma::InvariantAll => "#pragma STDGL invariant(all)".to_string(),
            Pragma::Optimize(on) => format!("#pragma optimize({})", if *on { "on" } else { "off" }),
            Pragma::Debug(on) => format!("#pragma debug({})", if *on { "on" } else { "off" }),
            Pragma::Other(t) => format!("#pragma {t}"),
        },
        PpEventKind::Line { line, name } => match name {
            None => format!("#line {line}"),
            Some(PresumedName::Number(n)) => format!("#line {line} {n}"),
            Some(PresumedName::Name(s)) => format!("#line {line} \"{s}\""),
        },
    }
}

fn is_word(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Whether two adjacent spellings must be separated so they lex back the same.
fn needs_space(prev: &str, next: &str) -> bool {
    let (Some(a), Some(b)) = (prev.chars().last(), next.chars().next()) else {
        return false;
    };
    if is_word(a) && (is_word(b) || b == '.') {
        return true;
    }
    if a == '.' && b.is_ascii_digit() {
        return true;
    }
    if b == '=' && "+-*/%&|^<>=!".contains(a) {
        return true;
    }
    if a == b && "+-<>&|^=#".contains(a) {
        return true;
    }
    a == '/' && (b == '/' || b == '*')
}

struct Printer<'a> {
    sm: &'a SourceMap,
    out: String,
    file: Option<FileId>,
    /// Physical line (1-based) the output is on.
    line: u32,
    at_line_start: bool,
    last: String,
}

impl Printer<'_> {
    fn newline(&mut self) {
        self.out.push('\n');
        self.line += 1;
        self.at_line_start = true;
        self.last.clear();
    }

    /// Moves the output to physical line `line` of `file`.
    fn goto(&mut self, file: FileId, line: u32, line_name: impl FnOnce() -> String) {
        if self.file != Some(file) {
            if self.file.is_some() {
                if !self.at_line_start {
                    self.newline();
                }
                self.out.push_str(&line_name());
                self.newline();
            }
            self.file = Some(file);
            self.line = line;
            return;
        }
        if line > self.line {
            while self.line < line {
                self.newline();
            }
        }
    }
}

/// Prints the preprocessed token stream.
pub fn print_preprocessed(out: &PpOutput, sm: &SourceMap, interner: &Interner) -> String {
    let mut p = Printer {
        sm,
        out: String::new(),
        file: None,
        line: 1,
        at_line_start: true,
        last: String::new(),
    };
    let mut ev = out.events.iter().peekable();
    for i in 0..=out.tokens.len() {
        while let Some(e) = ev.peek() {
            if e.at as usize > i {
                break;
            }
            let e = ev.next().expect("peeked");
            let real = p.sm.source_callsite(e.span);
            let (line, _) = p.sm.line_col(real.file, real.start);
            let (end_line, _) = p.sm.line_col(real.file, real.end);
            let name = p.sm.file(real.file).name.clone();
            p.goto(real.file, line, || format!("#line {line} \"{name}\""));
            if !p.at_line_start {
                p.newline();
            }
            p.out.push_str(&directive_text(&e.kind));
            p.newline();
            // A directive continued over several lines.
            p.line = p.line.max(end_line + 1);
        }
        let Some(t) = out.tokens.get(i) else { break };
        let real = p.sm.source_callsite(t.span);
        let (line, col) = p.sm.line_col(real.file, real.start);
        let file = real.file;
        let presumed = p.sm.location(t.span);
        let (pl, pn, num) = (
            presumed.line,
            presumed.name.to_string(),
            presumed.string_number,
        );
        p.goto(file, line, || match num {
            Some(n) => format!("#line {pl} {n}"),
            None => format!("#line {pl} \"{pn}\""),
        });
        let spelling: String = match t.kind {
            TokenKind::Ident => interner.resolve(t.sym).to_string(),
            _ => {
                let s = p.sm.text(t.span);
                if t.flags.has(TokenFlags::SPLICED) {
                    crate::lexer::clean_spelling(s).into_owned()
                } else {
                    s.to_string()
                }
            }
        };
        if p.at_line_start {
            // Keep the indentation of the line the token (or its macro invocation) is on.
            for _ in 0..col.saturating_sub(1).min(200) {
                p.out.push(' ');
            }
        } else if t.space_before() || needs_space(&p.last, &spelling) {
            p.out.push(' ');
        }
        p.out.push_str(&spelling);
        p.at_line_start = false;
        p.last = spelling;
    }
    if !p.at_line_start || p.out.is_empty() {
        p.out.push('\n');
    }
    p.out
}

#[cfg(test)]
mod tests {
    use super::needs_space;

    #[test]
    fn spacing_keeps_tokens_apart() {
        assert!(needs_space("a", "b"));
        assert!(needs_space("+", "+"));
        assert!(needs_space("<", "="));
        assert!(needs_space("/", "*"));
        assert!(!needs_space("a", "("));
        assert!(!needs_space(")", ";"));
        assert!(needs_space("1", ".5"));
    }
}
