//! The built-in declarations (builtins/variables.glsl) are parsed and declared for every
//! version, stage and target: with no extension and with every extension of the version
//! enabled, an empty shader must compile without a diagnostic. (In debug builds the checker
//! also asserts that the built-in text it assembles parses cleanly.) The checker declares
//! only the built-ins whose names the shader contains, so each shader here names all of them
//! in an unused macro.

use fresnel::syntax::extensions::Ext;
use fresnel::{Stage, TargetEnv, Version};

mod support;

const DESKTOP: &[u16] = &[
    110, 120, 130, 140, 150, 330, 400, 410, 420, 430, 440, 450, 460,
];
const ES: &[u16] = &[100, 300, 310, 320];

fn versions() -> Vec<Version> {
    let mut v: Vec<Version> = DESKTOP.iter().map(|&n| Version::desktop(n)).collect();
    v.extend(ES.iter().map(|&n| Version::es(n)));
    v
}

fn header(v: Version) -> String {
    let names: Vec<&str> = fresnel::sema::builtins::variable_names().collect();
    assert!(names.len() > 300 && names.contains(&"gl_Position"));
    let all = format!("#define ALL_BUILTINS {}\n", names.join(" "));
    if v.is_es() && v.number >= 300 {
        format!("#version {} es\n{all}", v.number)
    } else {
        format!("#version {}\n{all}", v.number)
    }
}

fn errors(src: &str, stage: Stage, target: TargetEnv) -> Vec<String> {
    support::errors(stage, target, src)
}

#[test]
fn every_version_and_stage_declares_its_builtins() {
    let mut failures = Vec::new();
    for v in versions() {
        for &stage in Stage::ALL.iter() {
            for target in [TargetEnv::OpenGl, TargetEnv::Vulkan { minor: 2 }] {
                // Vulkan GLSL starts at 1.40 (desktop) and 3.10 (ES).
                if target.is_vulkan() && !v.at_least(140, 310) {
                    continue;
                }
                let plain = format!("{}void main() {{}}\n", header(v));
                let e = errors(&plain, stage, target);
                // Stages a version lacks are reported; that is not a built-in problem.
                let stage_unavailable = e.iter().any(|m| m.contains("stage"));
                if !e.is_empty() && !stage_unavailable {
                    failures.push(format!("{v} {stage} {target:?} (no extensions): {e:?}"));
                }
                let mut with_exts = header(v);
                for &x in Ext::all() {
                    // GL_KHR_compute_shader_derivatives obliges the shader to declare a
                    // derivative group; it is not a declarations problem.
                    if x.available_in(v) && x != Ext::KHR_compute_shader_derivatives {
                        with_exts.push_str(&format!("#extension {} : enable\n", x.name()));
                    }
                }
                with_exts.push_str("void main() {}\n");
                let e = errors(&with_exts, stage, target);
                let stage_unavailable = e.iter().any(|m| m.contains("stage"));
                if !e.is_empty() && !stage_unavailable {
                    failures.push(format!("{v} {stage} {target:?} (all extensions): {e:?}"));
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// Each built-in name alone pulls in every declaration it needs: a shader naming just one
/// (in an unused macro) compiles without a diagnostic in every stage, for old and new desktop
/// GLSL, the compatibility profile and GLSL ES, with every extension enabled. Tried: one name
/// per distinct set of declarations, where a declaration mentions another `gl_` name (the
/// others cannot depend on anything).
#[test]
fn each_builtin_name_declares_with_its_dependencies() {
    use fresnel::sema::builtins;
    let mut names: Vec<&str> = Vec::new();
    let mut seen: Vec<&[u16]> = Vec::new();
    for name in builtins::variable_names() {
        let decls = builtins::variable_decls_for(name);
        let mentions_others = decls
            .iter()
            .any(|&d| builtins::variable_decl(d as usize).1.matches("gl_").count() > 1);
        if mentions_others && !seen.contains(&decls) {
            seen.push(decls);
            names.push(name);
        }
    }
    assert!(
        names.contains(&"gl_TextureMatrix") && names.len() < 200,
        "{}",
        names.len()
    );
    let versions = [
        Version::desktop(130),
        Version::desktop(460),
        Version::new(460, fresnel::Profile::Compatibility),
        Version::es(320),
    ];
    let mut failures = Vec::new();
    for v in versions {
        for &stage in Stage::ALL.iter() {
            for target in [TargetEnv::OpenGl, TargetEnv::Vulkan { minor: 2 }] {
                if target.is_vulkan() && (!v.at_least(140, 310) || v.is_compatibility()) {
                    continue;
                }
                let mut prologue = if v.is_es() {
                    format!("#version {} es\n", v.number)
                } else if v.is_compatibility() {
                    format!("#version {} compatibility\n", v.number)
                } else {
                    format!("#version {}\n", v.number)
                };
                for &x in Ext::all() {
                    if x.available_in(v) && x != Ext::KHR_compute_shader_derivatives {
                        prologue.push_str(&format!("#extension {} : enable\n", x.name()));
                    }
                }
                let base = errors(&format!("{prologue}void main() {{}}\n"), stage, target);
                if !base.is_empty() {
                    // A stage the version lacks (the first test covers the rest).
                    continue;
                }
                for &name in &names {
                    let src = format!("{prologue}#define NAMED {name}\nvoid main() {{}}\n");
                    let e = errors(&src, stage, target);
                    if !e.is_empty() {
                        failures.push(format!("{name}: {v} {stage} {target:?}: {e:?}"));
                    }
                }
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
