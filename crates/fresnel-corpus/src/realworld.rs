//! Real-world shaders: every GLSL stage of shader-db's `.shader_test` files, glsl-optimizer's
//! inputs (with the ES prelude its harness adds), naga's GLSL inputs and outputs, and the
//! inline GLSL of Amber scripts (`amber/` and the Vulkan CTS amber tests).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use fresnel::{TargetEnv, Version};
use fresnel_testfmt::amber::{self, ShaderFormat};
use fresnel_testfmt::piglit::{self, ShaderForm};
use fresnel_testfmt::Stage;

use crate::corpus::{self, read_text};
use crate::isolate::{self, Item, Mode};
use crate::run::{self, Outcome, Settings};

/// One shader.
#[derive(Clone, Debug, serde::Serialize)]
pub struct Shader {
    /// `shader-db`, `glsl-optimizer`, `naga`, `amber`, `vk-gl-cts-amber`.
    pub collection: String,
    /// `path` or `path:line (stage)` for shaders inside container files.
    pub label: String,
    /// The file, when `text` is exactly its content.
    pub file: Option<PathBuf>,
    #[serde(skip)]
    pub text: String,
    pub settings: Settings,
}

use crate::corpus::relative as rel;

/// Vulkan minor version of an Amber `TARGET_ENV` (`spv1.3`, `vulkan1.1`, ...).
fn amber_vulkan_minor(env: Option<&str>) -> u8 {
    match env {
        Some(e) if e.starts_with("vulkan1.") => e[8..].parse().unwrap_or(0).min(3),
        Some("spv1.3") => 1,
        Some("spv1.4" | "spv1.5") => 2,
        Some("spv1.6") => 3,
        _ => 0,
    }
}

fn shader_db(dir: &Path, out: &mut Vec<Shader>) {
    for p in corpus::walk(&dir.join("shader-db")) {
        if p.extension().is_none_or(|e| e != "shader_test") {
            continue;
        }
        let Some(text) = read_text(&p) else { continue };
        let t = piglit::parse_shader_test(&text);
        let es = t.require.glsl.as_ref().is_some_and(|g| g.version.es);
        for s in t.glsl_shaders() {
            let mut settings = Settings::new(Some(run::stage_of(s.stage)));
            if es {
                settings.target = TargetEnv::OpenGlEs;
                settings.default_version = Some(Version::es(100));
            }
            out.push(Shader {
                collection: "shader-db".into(),
                label: format!("{}:{} ({})", rel(dir, &p), s.line, s.stage),
                file: None,
                text: s.source.clone(),
                settings,
            });
        }
    }
}

fn manifest_shaders(dir: &Path, out: &mut Vec<Shader>) {
    for row in corpus::manifest(dir) {
        let source = row.source();
        if row.expectation().is_none() {
            continue;
        }
        let file = dir.join(&row.path);
        let stage = fresnel::Stage::from_name(&row.stage);
        let Some(text) = read_text(&file) else {
            continue;
        };
        match source {
            "glsl-optimizer" if row.basis.starts_with("optimizer-input") => {
                let (prepared, settings) =
                    run::glsl_optimizer_input(&row.path, stage, text.clone());
                out.push(Shader {
                    collection: "glsl-optimizer".into(),
                    label: row.path.clone(),
                    file: (prepared == text).then_some(file),
                    text: prepared,
                    settings,
                });
            }
            "naga" => {
                let mut settings = Settings::new(stage);
                if row.path.contains("/in/") {
                    // naga's GLSL front end reads Vulkan GLSL.
                    settings.target = TargetEnv::Vulkan { minor: 0 };
                } else if row.version.contains("es") {
                    settings.target = TargetEnv::OpenGlEs;
                }
                out.push(Shader {
                    collection: "naga".into(),
                    label: row.path.clone(),
                    file: Some(file),
                    text,
                    settings,
                });
            }
            _ => {}
        }
    }
}

fn amber_files(dir: &Path, sub: &str, collection: &str, out: &mut Vec<Shader>) {
    for p in corpus::walk(&dir.join(sub)) {
        let ext = p.extension().and_then(|e| e.to_str()).unwrap_or("");
        if ext != "amber" && ext != "vkscript" {
            continue;
        }
        let Some(text) = read_text(&p) else { continue };
        if ext == "vkscript" {
            for s in amber::parse_vkscript(&text) {
                if s.form != ShaderForm::Glsl {
                    continue;
                }
                let mut settings = Settings::new(Some(run::stage_of(s.stage)));
                settings.target = TargetEnv::Vulkan { minor: 0 };
                out.push(Shader {
                    collection: collection.into(),
                    label: format!("{}:{} ({})", rel(dir, &p), s.line, s.stage),
                    file: None,
                    text: s.source,
                    settings,
                });
            }
            continue;
        }
        let Ok(shaders) = amber::parse_amber(&text) else {
            continue;
        };
        for s in shaders {
            if s.format != ShaderFormat::Glsl {
                continue;
            }
            let (Some(stage), Some(source)) = (s.stage, s.source) else {
                continue;
            };
            let mut settings = Settings::new(Some(run::stage_of(stage)));
            let mut minor = amber_vulkan_minor(s.target_env.as_deref());
            if !matches!(
                stage,
                Stage::Vertex
                    | Stage::TessControl
                    | Stage::TessEval
                    | Stage::Geometry
                    | Stage::Fragment
                    | Stage::Compute
            ) {
                // Ray tracing pipelines need Vulkan 1.2 (SPIR-V 1.4).
                minor = minor.max(2);
            }
            settings.target = TargetEnv::Vulkan { minor };
            out.push(Shader {
                collection: collection.into(),
                label: format!("{}:{} ({})", rel(dir, &p), s.source_line, stage),
                file: None,
                text: source,
                settings,
            });
        }
    }
}

/// Every real-world shader of the corpus.
pub fn collect(dir: &Path) -> Vec<Shader> {
    let mut out = Vec::new();
    shader_db(dir, &mut out);
    manifest_shaders(dir, &mut out);
    for (sub, collection) in corpus::AMBER_DIRS {
        amber_files(dir, sub, collection, &mut out);
    }
    out
}

/// Runs Fresnel on every shader.
pub fn run_fresnel(shaders: &[Shader], threads: usize, mode: &Mode) -> Vec<Outcome> {
    let items: Vec<Item<'_>> = shaders
        .iter()
        .map(|s| Item {
            name: &s.label,
            text: &s.text,
            settings: &s.settings,
        })
        .collect();
    isolate::check_all(&items, threads, mode)
}

/// Figures of one collection.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Report {
    pub collection: String,
    pub shaders: usize,
    pub fresnel_accepts: usize,
    /// Per peer: how many it accepts, and the shaders it accepts that Fresnel rejects.
    pub peers: BTreeMap<String, PeerFigures>,
}

#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct PeerFigures {
    /// Shaders the peer was run on (mesa-check skips stages it does not know).
    pub run: usize,
    pub accepts: usize,
    pub accepted_but_fresnel_rejects: Vec<(String, String)>,
    /// Shaders the tool itself failed on (could not run, timed out, unreadable output).
    pub tool_failures: Vec<(String, String)>,
}

/// Per-collection figures; `peers` holds each peer's outcomes (same order as `shaders`).
pub fn summarize(
    shaders: &[Shader],
    fresnel: &[Outcome],
    peers: &[(&str, Vec<Option<Outcome>>)],
) -> Vec<Report> {
    let mut order = Vec::new();
    let mut map: BTreeMap<String, Report> = BTreeMap::new();
    for (i, s) in shaders.iter().enumerate() {
        if !map.contains_key(&s.collection) {
            order.push(s.collection.clone());
        }
        let r = map.entry(s.collection.clone()).or_insert_with(|| Report {
            collection: s.collection.clone(),
            ..Report::default()
        });
        r.shaders += 1;
        let ours = &fresnel[i];
        if ours.accepted {
            r.fresnel_accepts += 1;
        }
        for (name, outcomes) in peers {
            let f = r.peers.entry(name.to_string()).or_default();
            if let Some(Some(o)) = outcomes.get(i) {
                f.run += 1;
                if o.crashed {
                    f.tool_failures
                        .push((s.label.clone(), o.first_error.clone().unwrap_or_default()));
                } else if o.accepted {
                    f.accepts += 1;
                    if !ours.accepted {
                        f.accepted_but_fresnel_rejects.push((
                            s.label.clone(),
                            ours.first_error.clone().unwrap_or_default(),
                        ));
                    }
                }
            }
        }
    }
    order.into_iter().filter_map(|c| map.remove(&c)).collect()
}
