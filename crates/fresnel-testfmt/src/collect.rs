//! The shaders under a set of paths, whatever container holds them: standalone shader
//! files (stage from the extension, also `NAME.STAGE.glsl`), each GLSL section of a piglit
//! `.shader_test`, each inline GLSL shader of an Amber script (`.amber`) or VkRunner script
//! (`.vkscript`), and each shader of each dEQP `.test` case expected to compile. Every
//! shader gets a stable name (`PATH`, `PATH:N:STAGE`, `PATH:GROUP.CASE:N:STAGE`), so runs of
//! different tools over the same paths can be matched shader by shader (`fresnel db`).

use std::path::{Path, PathBuf};

use crate::deqp::{self, Expect, Flavor, SpecializeOptions};
use crate::Stage;

/// The API a shader is written for.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Api {
    /// Desktop OpenGL (or unknown: the caller's default).
    Gl,
    /// OpenGL ES (`#version ... es`, or a dEQP ES case).
    Gles,
    /// Vulkan (the Vulkan dEQP cases).
    Vulkan,
}

/// A shader found under the paths.
#[derive(Clone, Debug)]
pub struct FoundShader {
    pub name: String,
    pub text: String,
    pub stage: Stage,
    pub api: Api,
}

/// Every file under the paths (a file is taken as it is; folders are walked in sorted
/// order, at most 64 deep).
pub fn files_under(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        walk(p, &mut out, 0);
    }
    out
}

fn walk(p: &Path, out: &mut Vec<PathBuf>, depth: u32) {
    if depth > 64 {
        return;
    }
    if p.is_dir() {
        let Ok(rd) = std::fs::read_dir(p) else {
            return;
        };
        let mut entries: Vec<PathBuf> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for e in entries {
            walk(&e, out, depth + 1);
        }
    } else {
        out.push(p.to_path_buf());
    }
}

/// glsl-optimizer's inputs (`tests/{vertex,fragment}/NAME-in.txt`, `-inES.txt`,
/// `-inES3.txt`): the stage is the directory's. Their expected outputs (`-out*.txt`) are
/// not shaders to compile.
fn glsl_optimizer_stage(f: &Path) -> Option<Stage> {
    let name = f.file_name()?.to_str()?;
    let input = ["-in.txt", "-inES.txt", "-inES3.txt"]
        .iter()
        .any(|s| name.ends_with(s));
    if !input {
        return None;
    }
    match f.parent()?.file_name()?.to_str()? {
        "vertex" => Some(Stage::Vertex),
        "fragment" => Some(Stage::Fragment),
        _ => None,
    }
}

/// ES when the `#version` line says `es`.
fn api_of(text: &str) -> Api {
    let es = text
        .lines()
        .find(|l| l.trim_start().starts_with("#version"))
        .is_some_and(|l| l.split_whitespace().any(|w| w == "es"));
    if es {
        Api::Gles
    } else {
        Api::Gl
    }
}

/// Every shader under `paths` (files or directories, searched recursively in name order).
pub fn shaders(paths: &[PathBuf]) -> Vec<FoundShader> {
    let mut files = Vec::new();
    for p in paths {
        walk(p, &mut files, 0);
    }
    let mut out = Vec::new();
    for f in files {
        let name = f.to_string_lossy().into_owned();
        let ext = f.extension().and_then(|e| e.to_str()).unwrap_or("");
        let stem_ext = f
            .file_stem()
            .and_then(|s| Path::new(s).extension())
            .and_then(|e| e.to_str())
            .unwrap_or("");
        let stage = Stage::from_extension(ext)
            .or_else(|| {
                (ext == "glsl")
                    .then(|| Stage::from_extension(stem_ext))
                    .flatten()
            })
            .or_else(|| glsl_optimizer_stage(&f));
        if stage.is_none() && !matches!(ext, "shader_test" | "test" | "amber" | "vkscript") {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&f) else {
            continue;
        };
        match stage {
            Some(stage) => out.push(FoundShader {
                name,
                api: api_of(&text),
                text,
                stage,
            }),
            None if ext == "shader_test" => {
                let t = crate::piglit::parse_shader_test(&text);
                for (i, s) in t.glsl_shaders().enumerate() {
                    out.push(FoundShader {
                        name: format!("{name}:{i}:{}", s.stage.extension()),
                        api: api_of(&s.source),
                        text: s.source.clone(),
                        stage: s.stage,
                    });
                }
            }
            None if ext == "amber" => {
                // A script that does not parse has no shaders to offer.
                let shaders = crate::amber::parse_amber(&text).unwrap_or_default();
                for (i, s) in shaders.iter().enumerate() {
                    if let (true, Some(stage), Some(src)) = (s.is_glsl(), s.stage, &s.source) {
                        out.push(FoundShader {
                            name: format!("{name}:{i}:{}", stage.extension()),
                            api: Api::Vulkan,
                            text: src.clone(),
                            stage,
                        });
                    }
                }
            }
            None if ext == "vkscript" => {
                for (i, s) in crate::amber::parse_vkscript(&text).into_iter().enumerate() {
                    if s.form == crate::piglit::ShaderForm::Glsl {
                        out.push(FoundShader {
                            name: format!("{name}:{i}:{}", s.stage.extension()),
                            api: Api::Vulkan,
                            text: s.source,
                            stage: s.stage,
                        });
                    }
                }
            }
            None => deqp_shaders(&name, &text, &mut out),
        }
    }
    out
}

fn deqp_shaders(name: &str, text: &str, out: &mut Vec<FoundShader>) {
    let flavor = Flavor::for_path(name);
    let dir = Path::new(name).parent().map(Path::to_path_buf);
    let mut import = |p: &str| {
        let path = match &dir {
            Some(d) if !Path::new(p).is_absolute() => d.join(p),
            _ => PathBuf::from(p),
        };
        std::fs::read_to_string(path).map_err(|e| e.to_string())
    };
    let Ok(cases) = deqp::parse(text, name, flavor, &mut import) else {
        return;
    };
    let sopts = SpecializeOptions::permissive(flavor);
    for case in cases.iter().filter(|c| c.expect == Expect::Pass) {
        let api = match flavor {
            Flavor::Vulkan => Api::Vulkan,
            _ if case.version.is_es() => Api::Gles,
            _ => Api::Gl,
        };
        // The dEQP path of the case (groups, then the instance): names are unique per file.
        let mut path = String::new();
        for g in &case.groups {
            path.push_str(g);
            path.push('.');
        }
        for inst in deqp::specialize(case, &sopts) {
            let Ok(programs) = inst.programs else {
                continue;
            };
            for (p, prog) in programs.into_iter().enumerate() {
                for (stage, src) in prog.shaders {
                    out.push(FoundShader {
                        name: format!("{name}:{path}{}:{p}:{}", inst.name, stage.extension()),
                        text: src,
                        stage,
                        api,
                    });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amber_and_vkscript_inline_glsl_is_collected() {
        let dir = std::env::temp_dir().join(format!("fresnel-collect-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let amber = dir.join("a.amber");
        std::fs::write(
            &amber,
            "#!amber\nSHADER vertex v PASSTHROUGH\nSHADER fragment f GLSL\n#version 430\nlayout(location = 0) out vec4 c;\nvoid main() { c = vec4(1); }\nEND\nSHADER compute asm SPIRV-ASM\nOpCapability Shader\nEND\n",
        )
        .unwrap();
        let vk = dir.join("b.vkscript");
        std::fs::write(
            &vk,
            "[compute shader]\n#version 450\nvoid main() {}\n\n[vertex shader passthrough]\n\n[test]\ncompute 1 1 1\n",
        )
        .unwrap();
        let found = shaders(std::slice::from_ref(&dir));
        std::fs::remove_dir_all(&dir).unwrap();
        let names: Vec<(String, Stage)> = found
            .iter()
            .map(|s| (s.name.rsplit('/').next().unwrap_or("").to_string(), s.stage))
            .collect();
        assert_eq!(
            names,
            vec![
                ("a.amber:1:frag".to_string(), Stage::Fragment),
                ("b.vkscript:0:comp".to_string(), Stage::Compute),
            ]
        );
        assert!(found.iter().all(|s| s.api == Api::Vulkan));
        assert!(found[0].text.contains("c = vec4(1)"));
    }

    #[test]
    fn glsl_optimizer_inputs_take_their_directory_stage() {
        let st = |p: &str| glsl_optimizer_stage(Path::new(p));
        assert_eq!(st("tests/vertex/a-in.txt"), Some(Stage::Vertex));
        assert_eq!(st("tests/fragment/b-inES3.txt"), Some(Stage::Fragment));
        assert_eq!(st("tests/fragment/b-inES.txt"), Some(Stage::Fragment));
        // Expected outputs and other text files are not inputs.
        assert_eq!(st("tests/fragment/b-outES3.txt"), None);
        assert_eq!(st("tests/other/c-in.txt"), None);
        assert_eq!(st("notes.txt"), None);
    }
}
