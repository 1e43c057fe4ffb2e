//! Issue 4: the files of one stage given to `fresnel compile` are compilation units of that
//! stage (GLSL's "multiple shaders of the same stage"): they are linked into one shader
//! with `fresnel_link::link_units_named` before optimization and cross-stage linking.

use fresnel_ir::{Shader, Stage};

/// Whether some function calls a declaration (a function defined in another unit).
fn calls_declaration(s: &Shader) -> bool {
    s.functions.values().any(|f| {
        f.instrs.values().any(|i| {
            !i.removed
                && matches!(&i.kind, fresnel_ir::InstrKind::Call { func, .. }
                    if s.functions.get(*func).is_some_and(|c| c.is_declaration()))
        })
    })
}

/// Ray-tracing shaders of one pipeline may repeat a stage: each file is its own shader.
fn separate_shaders(stage: Stage) -> bool {
    matches!(
        stage,
        Stage::RayGen
            | Stage::Intersect
            | Stage::AnyHit
            | Stage::ClosestHit
            | Stage::Miss
            | Stage::Callable
    )
}

/// Groups the shaders by stage (in order of first appearance) and links each group of
/// several units, or a lone unit calling a function it does not define (which then fails
/// with a link error naming the function). Other shaders pass through unchanged. The name
/// of a linked group is its files' names joined with `+`.
///
/// `conversions[i]`: whether shader `i` was written in a GLSL with implicit conversions
/// (desktop 1.20 and later); a group allows them in binding declarations when all its
/// units do.
pub fn link_stage_units(
    shaders: Vec<(String, Shader)>,
    conversions: &[bool],
) -> Result<Vec<(String, Shader)>, fresnel_link::LinkError> {
    let mut groups: Vec<(Stage, bool, Vec<(String, Shader)>)> = Vec::new();
    let mut out = Vec::new();
    for (i, (name, s)) in shaders.into_iter().enumerate() {
        if separate_shaders(s.stage) {
            out.push((name, s));
            continue;
        }
        let conv = conversions.get(i).copied().unwrap_or(true);
        match groups.iter_mut().find(|g| g.0 == s.stage) {
            Some(g) => {
                g.1 &= conv;
                g.2.push((name, s));
            }
            None => groups.push((s.stage, conv, vec![(name, s)])),
        }
    }
    for (_, conv, units) in groups {
        if units.len() == 1 && !calls_declaration(&units[0].1) {
            out.extend(units);
            continue;
        }
        let name = units
            .iter()
            .map(|u| u.0.as_str())
            .collect::<Vec<_>>()
            .join("+");
        let opts = fresnel_link::UnitLinkOptions {
            implicit_conversions: conv,
        };
        let linked = fresnel_link::link_units_with(units, &opts)?;
        out.push((name, linked));
    }
    Ok(out)
}

/// Whether a GLSL version has implicit conversions (desktop 1.20 and later).
pub fn has_implicit_conversions(v: fresnel::Version) -> bool {
    v.profile != fresnel::Profile::Es && v.number >= 120
}
