//! Parsers for the container formats of the GLSL test suites in the shared corpus:
//!
//! * [`deqp`]: dEQP shader-library `.test` files (VK-GL-CTS), with the placeholder
//!   substitution of the three runners that execute them (GLES, OpenGL CTS and Vulkan CTS);
//! * [`piglit`]: piglit parser-test `[config]` headers and `.shader_test` files (shader-db uses
//!   the same format);
//! * [`amber`]: GLSL extraction from Amber `.amber` scripts and VkRunner `.vkscript` files.
//!
//! The parsing functions take the text (`&str`) and do no I/O; `import` in `.test` files goes
//! through a callback the caller provides. No input makes them panic: malformed input is an
//! [`Error`] with a line number.

use std::fmt;

pub mod amber;
pub mod collect;
pub mod deqp;
pub mod piglit;

/// A shader stage, as the container formats name them.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Stage {
    Vertex,
    TessControl,
    TessEval,
    Geometry,
    Fragment,
    Compute,
    Task,
    Mesh,
    RayGen,
    Intersect,
    AnyHit,
    ClosestHit,
    Miss,
    Callable,
}

impl Stage {
    /// The usual file extension (`vert`, `frag`, ...).
    pub fn extension(self) -> &'static str {
        match self {
            Stage::Vertex => "vert",
            Stage::TessControl => "tesc",
            Stage::TessEval => "tese",
            Stage::Geometry => "geom",
            Stage::Fragment => "frag",
            Stage::Compute => "comp",
            Stage::Task => "task",
            Stage::Mesh => "mesh",
            Stage::RayGen => "rgen",
            Stage::Intersect => "rint",
            Stage::AnyHit => "rahit",
            Stage::ClosestHit => "rchit",
            Stage::Miss => "rmiss",
            Stage::Callable => "rcall",
        }
    }

    /// The stage of a file extension (`vert`, ...).
    pub fn from_extension(ext: &str) -> Option<Stage> {
        const ALL: [Stage; 14] = [
            Stage::Vertex,
            Stage::TessControl,
            Stage::TessEval,
            Stage::Geometry,
            Stage::Fragment,
            Stage::Compute,
            Stage::Task,
            Stage::Mesh,
            Stage::RayGen,
            Stage::Intersect,
            Stage::AnyHit,
            Stage::ClosestHit,
            Stage::Miss,
            Stage::Callable,
        ];
        ALL.iter().copied().find(|s| s.extension() == ext)
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.extension())
    }
}

/// A malformed input: where and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// The file name the caller gave (or the imported file's).
    pub file: String,
    /// 1-based line.
    pub line: usize,
    pub message: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

impl std::error::Error for Error {}

/// Byte offsets of line starts, to turn offsets into 1-based line numbers.
#[derive(Clone, Debug)]
pub(crate) struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub(crate) fn new(text: &[u8]) -> LineIndex {
        let mut starts = vec![0];
        for (i, &b) in text.iter().enumerate() {
            if b == b'\n' {
                starts.push(i + 1);
            }
        }
        LineIndex { starts }
    }

    /// The 1-based line of a byte offset.
    pub(crate) fn line(&self, offset: usize) -> usize {
        match self.starts.binary_search(&offset) {
            Ok(i) => i + 1,
            Err(i) => i,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random inputs made of the formats' significant characters and words: every parser
    /// returns (an error or a result) without panicking.
    #[test]
    fn parsers_never_panic() {
        const PIECES: [&str; 40] = [
            "case ",
            "group ",
            "end",
            "\"",
            "\"\"",
            "'",
            "\\",
            "\n",
            " ",
            "#",
            "${",
            "}",
            "values",
            "{",
            "[",
            "]",
            "|",
            "(",
            ")",
            ";",
            "=",
            "-",
            "1",
            "1.5",
            "1.e",
            "vec2",
            "both",
            "vertex",
            "require",
            "extension",
            "in",
            "import",
            "pipeline_program",
            "active_stages",
            "SHADER ",
            "END",
            "[vertex shader]",
            "// [config]",
            "é",
            "\0",
        ];
        let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..3000 {
            let len = (next() % 40) as usize;
            let text: String = (0..len)
                .map(|_| PIECES[(next() % PIECES.len() as u64) as usize])
                .collect();
            for flavor in [
                deqp::Flavor::Gles,
                deqp::Flavor::GlCts,
                deqp::Flavor::Vulkan,
            ] {
                let mut resolve = |_: &str| Ok(text.clone());
                if let Ok(cases) = deqp::parse(&text, "f.test", flavor, &mut resolve) {
                    for c in &cases {
                        let _ = deqp::specialize(c, &deqp::SpecializeOptions::permissive(flavor));
                    }
                }
            }
            let _ = piglit::parse_parser_test(&text);
            let _ = piglit::parse_shader_test(&text);
            let _ = amber::parse_amber(&text);
            let _ = amber::parse_vkscript(&text);
        }
    }

    #[test]
    fn line_index() {
        let l = LineIndex::new(b"a\nbc\n\nd");
        assert_eq!(l.line(0), 1);
        assert_eq!(l.line(2), 2);
        assert_eq!(l.line(5), 3);
        assert_eq!(l.line(6), 4);
        assert_eq!(l.line(100), 4);
        assert_eq!(Stage::from_extension("tese"), Some(Stage::TessEval));
        assert_eq!(Stage::Fragment.to_string(), "frag");
    }
}
