//! GLSL extraction from Amber scripts (`.amber`) and VkRunner scripts (`.vkscript`, the format
//! Amber also reads).

use crate::piglit::{self, ShaderForm};
use crate::{Error, LineIndex, Stage};

/// `SHADER <type> <name> <format>`'s format.
#[derive(Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ShaderFormat {
    Glsl,
    Hlsl,
    SpirvAsm,
    SpirvHex,
    SpirvBin,
    OpenclC,
    Passthrough,
    Other(String),
}

impl ShaderFormat {
    fn parse(word: &str) -> ShaderFormat {
        match word {
            "GLSL" => ShaderFormat::Glsl,
            "HLSL" => ShaderFormat::Hlsl,
            "SPIRV-ASM" => ShaderFormat::SpirvAsm,
            "SPIRV-HEX" => ShaderFormat::SpirvHex,
            "SPIRV-BIN" => ShaderFormat::SpirvBin,
            "OPENCL-C" => ShaderFormat::OpenclC,
            "PASSTHROUGH" => ShaderFormat::Passthrough,
            w => ShaderFormat::Other(w.to_string()),
        }
    }
}

/// Amber's shader type words.
pub fn amber_stage(word: &str) -> Option<Stage> {
    Some(match word {
        "vertex" => Stage::Vertex,
        "fragment" => Stage::Fragment,
        "geometry" => Stage::Geometry,
        "tessellation_control" => Stage::TessControl,
        "tessellation_evaluation" => Stage::TessEval,
        "compute" => Stage::Compute,
        "ray_generation" => Stage::RayGen,
        "any_hit" => Stage::AnyHit,
        "closest_hit" => Stage::ClosestHit,
        "miss" => Stage::Miss,
        "intersection" => Stage::Intersect,
        "callable" => Stage::Callable,
        _ => return None,
    })
}

/// One `SHADER` command.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct AmberShader {
    /// The type word as written (`vertex`, `multi`, ...).
    pub type_name: String,
    /// The stage, when the type names one (`multi` does not).
    pub stage: Option<Stage>,
    pub name: String,
    pub format: ShaderFormat,
    /// `TARGET_ENV <env>`.
    pub target_env: Option<String>,
    /// `FILE [TEXT|BINARY] <path>` or `VIRTUAL_FILE <path>`: the shader lives elsewhere.
    pub file: Option<String>,
    /// The inline source (between the `SHADER` line and `END`), if any.
    pub source: Option<String>,
    /// 1-based line of the `SHADER` command.
    pub line: usize,
    /// 1-based line where `source` starts.
    pub source_line: usize,
}

impl AmberShader {
    /// Whether this is inline GLSL.
    pub fn is_glsl(&self) -> bool {
        self.format == ShaderFormat::Glsl && self.source.is_some()
    }
}

/// Parses the `SHADER` commands of an Amber script. The body of an inline shader runs from
/// the line after `SHADER` to the next occurrence of `END` (Amber's
/// `Tokenizer::ExtractToNext("END")`).
pub fn parse_amber(text: &str) -> Result<Vec<AmberShader>, Error> {
    let lines = LineIndex::new(text.as_bytes());
    let err = |offset: usize, message: String| Error {
        file: String::new(),
        line: lines.line(offset),
        message,
    };
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < text.len() {
        let line_end = text[pos..].find('\n').map_or(text.len(), |i| pos + i);
        let line = &text[pos..line_end];
        let next = (line_end + 1).min(text.len());
        let trimmed = line.trim();
        if trimmed.starts_with('#') {
            pos = next;
            continue;
        }
        let mut words = trimmed.split_whitespace();
        if words.next() != Some("SHADER") {
            pos = next;
            continue;
        }
        let w: Vec<&str> = words.take_while(|w| !w.starts_with('#')).collect();
        if w.len() < 3 {
            return Err(err(
                pos,
                format!("SHADER needs a type, a name and a format: {trimmed}"),
            ));
        }
        let mut shader = AmberShader {
            type_name: w[0].to_string(),
            stage: amber_stage(w[0]),
            name: w[1].to_string(),
            format: ShaderFormat::parse(w[2]),
            target_env: None,
            file: None,
            source: None,
            line: lines.line(pos),
            source_line: lines.line(next),
        };
        let mut i = 3;
        if w.get(i) == Some(&"TARGET_ENV") {
            shader.target_env = w.get(i + 1).map(|s| s.to_string());
            i += 2;
        }
        match w.get(i).copied() {
            Some("FILE") => {
                let mut j = i + 1;
                if matches!(w.get(j).copied(), Some("TEXT" | "BINARY")) {
                    j += 1;
                }
                shader.file = w.get(j).map(|s| s.to_string());
                out.push(shader);
                pos = next;
                continue;
            }
            Some("VIRTUAL_FILE") => {
                shader.file = w.get(i + 1).map(|s| s.to_string());
                out.push(shader);
                pos = next;
                continue;
            }
            Some(extra) => {
                return Err(err(
                    pos,
                    format!("extra parameters after SHADER command: {extra}"),
                ))
            }
            None => {}
        }
        if shader.format == ShaderFormat::Passthrough {
            out.push(shader);
            pos = next;
            continue;
        }
        let body_start = next;
        let Some(end_rel) = text[body_start..].find("END") else {
            return Err(err(
                pos,
                format!("SHADER {} missing END command", shader.name),
            ));
        };
        let body = &text[body_start..body_start + end_rel];
        if body.trim().is_empty() {
            return Err(err(pos, "SHADER must not be empty".into()));
        }
        shader.source = Some(body.to_string());
        out.push(shader);
        // Continue after the END token.
        let after = body_start + end_rel + 3;
        pos = text[after..]
            .find('\n')
            .map_or(text.len(), |i| after + i + 1);
    }
    Ok(out)
}

/// A shader of a `.vkscript`.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
pub struct VkScriptShader {
    pub stage: Stage,
    pub form: ShaderForm,
    pub source: String,
    /// 1-based line of the section header.
    pub line: usize,
}

/// Parses a VkRunner script's shader sections (`[vertex shader]`, `[compute shader spirv]`,
/// `[vertex shader passthrough]`, ...). Everything else is available through
/// [`piglit::parse_shader_test`], which reads the same layout.
pub fn parse_vkscript(text: &str) -> Vec<VkScriptShader> {
    piglit::parse_shader_test(text)
        .shaders
        .into_iter()
        .map(|s| VkScriptShader {
            stage: s.stage,
            form: s.form,
            source: s.source,
            line: s.line,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amber_shaders() {
        let text = "#!amber\n# SHADER in a comment\nSHADER vertex vtx PASSTHROUGH\nSHADER fragment frag GLSL TARGET_ENV spv1.3\n#version 430\nlayout(location = 0) out vec4 c;\nvoid main() { c = vec4(1); }\nEND\nSHADER compute comp GLSL FILE shader_file.comp\nSHADER compute asm SPIRV-ASM\nOpCapability Shader\nEND\nBUFFER b DATA_TYPE uint32 DATA 0 END\n";
        let s = parse_amber(text).unwrap();
        assert_eq!(s.len(), 4);
        assert_eq!(s[0].format, ShaderFormat::Passthrough);
        assert_eq!(s[0].line, 3);
        assert!(s[1].is_glsl());
        assert_eq!(s[1].stage, Some(Stage::Fragment));
        assert_eq!(s[1].target_env.as_deref(), Some("spv1.3"));
        assert_eq!(
            s[1].source.as_deref(),
            Some("#version 430\nlayout(location = 0) out vec4 c;\nvoid main() { c = vec4(1); }\n")
        );
        assert_eq!(s[1].source_line, 5);
        assert_eq!(s[2].file.as_deref(), Some("shader_file.comp"));
        assert!(!s[2].is_glsl());
        assert_eq!(s[3].format, ShaderFormat::SpirvAsm);
        assert!(parse_amber("SHADER vertex v GLSL\nvoid main() {}\n").is_err());
        assert!(parse_amber("SHADER vertex\n").is_err());
        assert!(parse_amber("SHADER vertex v GLSL extra\nEND\n").is_err());
        for cut in 0..text.len() {
            let _ = parse_amber(&text[..cut]);
        }
    }

    #[test]
    fn vkscript_shaders() {
        let text = "[require]\nfbsize 10 10\n[vertex shader passthrough]\n[fragment shader]\n#version 430\nvoid main() {}\n[compute shader spirv]\nOpCapability Shader\n[test]\ndraw rect -1 -1 2 2\n";
        let s = parse_vkscript(text);
        assert_eq!(s.len(), 3);
        assert_eq!(s[1].stage, Stage::Fragment);
        assert_eq!(s[1].form, ShaderForm::Glsl);
        assert_eq!(s[1].source, "#version 430\nvoid main() {}\n");
        assert_eq!(s[2].form, ShaderForm::Spirv);
    }
}
