//! piglit's test formats: the `[config]` header of GLSL parser tests
//! (`framework/test/glsl_parser_test.py`) and `.shader_test` files (`shader_runner`; shader-db
//! uses the same format, VkRunner's `.vk_shader_test` and `.vkscript` the same sections).

use crate::{Error, Stage};

/// `expect_result`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ExpectResult {
    Pass,
    Fail,
}

/// A GLSL version as piglit writes it: `1.50`, `3.00 es`, `1.40compatibility`, `4.50 core`.
#[derive(Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub struct GlslVersion {
    /// 100, 110, ..., 460.
    pub number: u16,
    /// GLSL ES: `es` was written, or the number is 1.00, 3.00, 3.10 or 3.20.
    pub es: bool,
    pub compatibility: bool,
    pub core: bool,
    /// As written.
    pub text: String,
}

impl GlslVersion {
    /// Parses `1.50`, `3.00 es`, `1.40compatibility`, `450` ...
    pub fn parse(text: &str) -> Option<GlslVersion> {
        let t = text.trim();
        let num_end = t
            .find(|c: char| !(c.is_ascii_digit() || c == '.'))
            .unwrap_or(t.len());
        let num = &t[..num_end];
        let rest = t[num_end..].trim().to_ascii_lowercase();
        let number = if num.contains('.') {
            let (major, minor) = num.split_once('.')?;
            let major: u16 = major.parse().ok()?;
            let minor = format!("{minor:0<2}");
            let minor: u16 = minor.get(..2)?.parse().ok()?;
            major.checked_mul(100)?.checked_add(minor)?
        } else {
            num.parse().ok()?
        };
        let es = rest == "es" || matches!(number, 100 | 300 | 310 | 320);
        Some(GlslVersion {
            number,
            es,
            compatibility: rest.starts_with("compat"),
            core: rest == "core",
            text: t.to_string(),
        })
    }
}

/// One name of `require_extensions` (or of a `[require]` section).
#[derive(Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub struct ExtensionRequirement {
    pub name: String,
    /// `!GL_foo`: the extension must be absent.
    pub negated: bool,
}

/// The `[config]` header of a GLSL parser test.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct ParserTestConfig {
    pub expect_result: ExpectResult,
    pub glsl_version: GlslVersion,
    pub require_extensions: Vec<ExtensionRequirement>,
    /// `check_link: true`: the shader must also link, alone, into a program.
    pub check_link: bool,
    /// Other keys (`dummy_shader_include`, `shader_include_path`, ...), in order.
    pub other: Vec<(String, String)>,
    /// 1-based line of `[config]`.
    pub line: usize,
}

/// Strips a leading `//`, `/*` or `*` comment marker (as the piglit regexes match them).
fn strip_comment_marker(line: &str) -> Option<&str> {
    for m in ["//", "/*", "*"] {
        if let Some(rest) = line.strip_prefix(m) {
            return Some(rest);
        }
    }
    None
}

/// Parses the `[config]` ... `[end config]` header of a parser test.
pub fn parse_parser_test(text: &str) -> Result<ParserTestConfig, Error> {
    let err = |line: usize, message: String| Error {
        file: String::new(),
        line,
        message,
    };
    let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l.trim()));
    let mut start = 0;
    for (n, l) in lines.by_ref() {
        if strip_comment_marker(l).is_some_and(|r| r.trim_start().starts_with("[config]")) {
            start = n;
            break;
        }
    }
    if start == 0 {
        return Err(err(1, "no [config] section found".into()));
    }
    let mut expect = None;
    let mut version = None;
    let mut exts = Vec::new();
    let mut check_link = false;
    let mut other = Vec::new();
    let mut ended = false;
    for (n, l) in lines {
        if l.is_empty() || l == "//" || l == "*" || l == "/*" {
            continue;
        }
        let Some(rest) = strip_comment_marker(l) else {
            return Err(err(n, format!("the config section is malformed: {l}")));
        };
        let rest = rest.trim_start();
        if rest.starts_with("[end config]") {
            ended = true;
            break;
        }
        let Some((key, value)) = rest.split_once(':') else {
            return Err(err(n, format!("the config section is malformed: {l}")));
        };
        let key = key.trim();
        if key.is_empty() || !key.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') {
            return Err(err(n, format!("the config section is malformed: {l}")));
        }
        // Values may end in `//` or `*/`.
        let value = value.trim().trim_end_matches(['/', '*']).trim().to_string();
        match key {
            "expect_result" => {
                expect = Some(match value.to_ascii_lowercase().as_str() {
                    "pass" => ExpectResult::Pass,
                    "fail" => ExpectResult::Fail,
                    _ => return Err(err(n, format!("bad expect_result: {value}"))),
                })
            }
            "glsl_version" => {
                version = Some(
                    GlslVersion::parse(&value)
                        .ok_or_else(|| err(n, format!("bad glsl_version: {value}")))?,
                )
            }
            "require_extensions" => {
                for w in value.split_whitespace() {
                    let (negated, name) = match w.strip_prefix('!') {
                        Some(n) => (true, n),
                        None => (false, w),
                    };
                    exts.push(ExtensionRequirement {
                        name: name.to_string(),
                        negated,
                    });
                }
            }
            "check_link" => check_link = value.eq_ignore_ascii_case("true"),
            _ => other.push((key.to_string(), value)),
        }
    }
    if !ended {
        return Err(err(start, "missing [end config]".into()));
    }
    Ok(ParserTestConfig {
        expect_result: expect.ok_or_else(|| err(start, "missing expect_result".into()))?,
        glsl_version: version.ok_or_else(|| err(start, "missing glsl_version".into()))?,
        require_extensions: exts,
        check_link,
        other,
        line: start,
    })
}

/// One `[name]` section: the header line and the text up to the next header.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct Section {
    /// The name between the brackets, as written.
    pub name: String,
    /// 1-based line of the header.
    pub line: usize,
    /// The lines after the header, each ending in `\n`.
    pub text: String,
}

/// Splits a file into `[section]`s: a line starting with `[` starts one (as in piglit's
/// shader_runner and VkRunner). Text before the first header is dropped.
pub fn sections(text: &str) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    for (i, line) in text.split_inclusive('\n').enumerate() {
        if let Some(inner) = line.strip_prefix('[') {
            let name = match inner.find(']') {
                Some(e) => &inner[..e],
                None => inner.trim_end(),
            };
            out.push(Section {
                name: name.trim().to_string(),
                line: i + 1,
                text: String::new(),
            });
        } else if let Some(s) = out.last_mut() {
            s.text.push_str(line);
            if !line.ends_with('\n') {
                s.text.push('\n');
            }
        }
    }
    out
}

/// How a shader section gives its shader.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ShaderForm {
    Glsl,
    /// `[... spirv]`: SPIR-V assembly.
    Spirv,
    /// `[... binary]`: SPIR-V words in hex (VkRunner).
    SpirvBinary,
    /// `[vertex shader passthrough]`: the runner supplies a trivial vertex shader.
    Passthrough,
    /// `[vertex program]`, `[fragment program]`: ARB assembly.
    ArbProgram,
}

/// The stage and form of a section name, if it is a shader section.
pub fn shader_section(name: &str) -> Option<(Stage, ShaderForm)> {
    let n = name.trim().to_ascii_lowercase();
    let stages = [
        ("vertex", Stage::Vertex),
        ("fragment", Stage::Fragment),
        ("geometry", Stage::Geometry),
        ("tessellation control", Stage::TessControl),
        ("tessellation evaluation", Stage::TessEval),
        ("compute", Stage::Compute),
    ];
    for (word, stage) in stages {
        let Some(rest) = n.strip_prefix(word) else {
            continue;
        };
        let rest = rest.trim();
        if let Some(r) = rest.strip_prefix("shader") {
            let form = match r.trim() {
                "" => ShaderForm::Glsl,
                "passthrough" => ShaderForm::Passthrough,
                "binary" | "spirv binary" => ShaderForm::SpirvBinary,
                r if r.starts_with("spirv") => ShaderForm::Spirv,
                _ => return None,
            };
            return Some((stage, form));
        }
        if rest == "program" {
            return Some((stage, ShaderForm::ArbProgram));
        }
    }
    None
}

/// A GLSL shader of a `.shader_test`.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct Shader {
    pub stage: Stage,
    pub form: ShaderForm,
    /// The section text (empty for passthrough).
    pub source: String,
    /// 1-based line of the section header (the source starts on the next line).
    pub line: usize,
}

/// A `GLSL >= 1.30`-style line of `[require]`.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct VersionRequirement {
    /// `GLSL`, `GLSL ES`, `GL`, `GL ES`, `GL COMPAT`, `GL CORE`.
    pub what: String,
    /// `>=`, `>`, `<=`, `<`, `==`, `!=`.
    pub op: String,
    pub version: GlslVersion,
}

/// The `[require]` section.
#[derive(Clone, PartialEq, Eq, Debug, Default, serde::Serialize)]
pub struct Require {
    /// The `GLSL` / `GLSL ES` line.
    pub glsl: Option<VersionRequirement>,
    /// `GL`, `GL ES`, `GL COMPAT`, `GL CORE` lines.
    pub gl: Vec<VersionRequirement>,
    /// Extension names (`GL_ARB_foo`, `!GL_ARB_bar`).
    pub extensions: Vec<ExtensionRequirement>,
    /// Every other line (limits such as `GL_MAX_VARYING_COMPONENTS >= 64`, `SEPARABLE shader
    /// objects`, `SPIRV YES`, VkRunner features, ...), trimmed.
    pub other: Vec<String>,
}

fn parse_require(text: &str) -> Require {
    let mut r = Require::default();
    for raw in text.lines() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let op_at = words
            .iter()
            .position(|w| matches!(*w, ">=" | ">" | "<=" | "<" | "==" | "!="));
        if let Some(i) = op_at {
            let what = words[..i].join(" ");
            if matches!(
                what.as_str(),
                "GLSL" | "GLSL ES" | "GL" | "GL ES" | "GL COMPAT" | "GL CORE"
            ) {
                if let Some(version) = words.get(i + 1..).and_then(|w| {
                    let mut t = w.join(" ");
                    if what == "GLSL ES" && !t.contains("es") {
                        t.push_str(" es");
                    }
                    GlslVersion::parse(&t)
                }) {
                    let v = VersionRequirement {
                        what: what.clone(),
                        op: words[i].to_string(),
                        version,
                    };
                    if what.starts_with("GLSL") {
                        r.glsl = Some(v);
                    } else {
                        r.gl.push(v);
                    }
                    continue;
                }
            }
        } else if words.len() == 1 {
            let w = words[0];
            let (negated, name) = match w.strip_prefix('!') {
                Some(n) => (true, n),
                None => (false, w),
            };
            if name.starts_with("GL_") || name.starts_with("GLX_") || name.starts_with("EGL_") {
                r.extensions.push(ExtensionRequirement {
                    name: name.to_string(),
                    negated,
                });
                continue;
            }
        }
        r.other.push(line.to_string());
    }
    r
}

/// One line of `[test]`.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct TestLine {
    pub line: usize,
    pub text: String,
}

/// A `.shader_test` (or VkRunner script).
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct ShaderTest {
    pub require: Require,
    /// Shader sections in file order.
    pub shaders: Vec<Shader>,
    /// `[test]` commands (comments and blank lines dropped), as text.
    pub test: Vec<TestLine>,
    /// Every section, raw (including the ones above).
    pub sections: Vec<Section>,
}

impl ShaderTest {
    /// The GLSL shaders.
    pub fn glsl_shaders(&self) -> impl Iterator<Item = &Shader> {
        self.shaders.iter().filter(|s| s.form == ShaderForm::Glsl)
    }

    /// Whether `[test]` expects the link to fail (`link error`).
    pub fn expects_link_error(&self) -> bool {
        self.test.iter().any(|l| l.text == "link error")
    }
}

/// Parses a `.shader_test`. Unknown sections are kept in `sections`; nothing is an error.
pub fn parse_shader_test(text: &str) -> ShaderTest {
    let sections = sections(text);
    let mut require = Require::default();
    let mut shaders = Vec::new();
    let mut test = Vec::new();
    for s in &sections {
        let lower = s.name.to_ascii_lowercase();
        if lower == "require" {
            let r = parse_require(&s.text);
            require.glsl = r.glsl.or(require.glsl.take());
            require.gl.extend(r.gl);
            require.extensions.extend(r.extensions);
            require.other.extend(r.other);
        } else if lower == "test" {
            for (i, l) in s.text.lines().enumerate() {
                let t = l.trim();
                if t.is_empty() || t.starts_with('#') {
                    continue;
                }
                test.push(TestLine {
                    line: s.line + 1 + i,
                    text: t.to_string(),
                });
            }
        } else if let Some((stage, form)) = shader_section(&s.name) {
            shaders.push(Shader {
                stage,
                form,
                source: if form == ShaderForm::Passthrough {
                    String::new()
                } else {
                    s.text.clone()
                },
                line: s.line,
            });
        }
    }
    ShaderTest {
        require,
        shaders,
        test,
        sections,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parser_test_config() {
        let text = "/* [config]\n * expect_result: fail\n * glsl_version: 1.50\n * require_extensions: GL_ARB_foo !GL_ARB_bar\n * check_link: true\n * [end config]\n */\nvoid main() {}\n";
        let c = parse_parser_test(text).unwrap();
        assert_eq!(c.expect_result, ExpectResult::Fail);
        assert_eq!(c.glsl_version.number, 150);
        assert!(!c.glsl_version.es);
        assert_eq!(
            c.require_extensions,
            vec![
                ExtensionRequirement {
                    name: "GL_ARB_foo".into(),
                    negated: false
                },
                ExtensionRequirement {
                    name: "GL_ARB_bar".into(),
                    negated: true
                }
            ]
        );
        assert!(c.check_link);
        assert_eq!(c.line, 1);

        let text = "// [config]\n// expect_result: pass\n// glsl_version: 1.00\n//\n// dummy_shader_include: True\n// [end config]\n";
        let c = parse_parser_test(text).unwrap();
        assert_eq!(c.expect_result, ExpectResult::Pass);
        assert!(c.glsl_version.es);
        assert!(!c.check_link);
        assert_eq!(
            c.other,
            vec![("dummy_shader_include".into(), "True".into())]
        );

        assert!(parse_parser_test("void main() {}").is_err());
        assert!(parse_parser_test("// [config]\n// expect_result: pass\n").is_err());
        assert!(
            parse_parser_test("// [config]\n// glsl_version: 1.10\n// [end config]\n").is_err()
        );
        assert!(parse_parser_test("// [config]\nfoo\n// [end config]\n").is_err());
    }

    #[test]
    fn versions() {
        let v = GlslVersion::parse("1.40compatibility").unwrap();
        assert_eq!((v.number, v.es, v.compatibility), (140, false, true));
        let v = GlslVersion::parse("3.10 es").unwrap();
        assert_eq!((v.number, v.es), (310, true));
        let v = GlslVersion::parse("3.00").unwrap();
        assert!(v.es);
        assert_eq!(GlslVersion::parse("4.5").unwrap().number, 450);
        assert!(GlslVersion::parse("abc").is_none());
        assert!(GlslVersion::parse("").is_none());
    }

    #[test]
    fn shader_test_sections() {
        let text = "# comment\n[require]\nGLSL >= 1.30\nGL_ARB_foo\n!GL_ARB_bar\nGL_MAX_VARYING_COMPONENTS >= 64\nGL ES >= 3.0\n\n[vertex shader passthrough]\n[fragment shader]\n#version 130\nvoid main() { gl_FragColor = vec4(1); }\n\n[vertex shader spirv]\n; SPIR-V\n[test]\n# a comment\ndraw rect -1 -1 2 2\nprobe all rgba 0 1 0 1\nlink error\n";
        let t = parse_shader_test(text);
        let g = t.require.glsl.as_ref().unwrap();
        assert_eq!(
            (g.what.as_str(), g.op.as_str(), g.version.number),
            ("GLSL", ">=", 130)
        );
        assert_eq!(t.require.gl[0].version.number, 300);
        assert!(t.require.gl[0].version.es);
        assert_eq!(t.require.extensions.len(), 2);
        assert!(t.require.extensions[1].negated);
        assert_eq!(t.require.other, vec!["GL_MAX_VARYING_COMPONENTS >= 64"]);
        assert_eq!(t.shaders.len(), 3);
        assert_eq!(t.shaders[0].form, ShaderForm::Passthrough);
        assert_eq!(t.shaders[1].stage, Stage::Fragment);
        assert_eq!(
            t.shaders[1].source,
            "#version 130\nvoid main() { gl_FragColor = vec4(1); }\n\n"
        );
        assert_eq!(t.shaders[1].line, 10);
        assert_eq!(t.shaders[2].form, ShaderForm::Spirv);
        assert_eq!(t.glsl_shaders().count(), 1);
        assert_eq!(t.test.len(), 3);
        assert_eq!(t.test[0].line, 18);
        assert!(t.expects_link_error());
        let t = parse_shader_test("[require]\nGLSL ES >= 3.00\n[compute shader]\nvoid main(){}");
        let g = t.require.glsl.unwrap();
        assert!(g.version.es);
        assert_eq!(t.shaders[0].source, "void main(){}\n");
    }

    #[test]
    fn section_names() {
        assert_eq!(
            shader_section("tessellation evaluation shader"),
            Some((Stage::TessEval, ShaderForm::Glsl))
        );
        assert_eq!(
            shader_section("compute shader spirv"),
            Some((Stage::Compute, ShaderForm::Spirv))
        );
        assert_eq!(
            shader_section("fragment program"),
            Some((Stage::Fragment, ShaderForm::ArbProgram))
        );
        assert_eq!(shader_section("vertex data"), None);
        assert_eq!(shader_section("test"), None);
    }
}
