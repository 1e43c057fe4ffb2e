//! Issue 4: the files of one stage given to `fresnel compile` are compilation units of that
//! stage (GLSL's "multiple shaders of the same stage"): they are linked into one shader
//! with `fresnel_link::link_units_named` before optimization and cross-stage linking.

use fresnel_ir::{Shader, Stage};

/// Named shaders (file name, IR).
type Units = Vec<(String, Shader)>;

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

/// What linking needs to know of a unit's language.
#[derive(Copy, Clone, Debug)]
pub struct UnitLang {
    /// Implicit conversions exist (desktop GLSL 1.20 and later).
    pub implicit_conversions: bool,
    /// GLSL ES (one shader per stage in a program).
    pub es: bool,
}

impl UnitLang {
    /// Unknown: desktop GLSL with implicit conversions.
    pub const DESKTOP: UnitLang = UnitLang {
        implicit_conversions: true,
        es: false,
    };

    pub fn of(v: fresnel::Version) -> UnitLang {
        let es = v.profile == fresnel::Profile::Es;
        UnitLang {
            implicit_conversions: !es && v.number >= 120,
            es,
        }
    }
}

/// Groups the shaders by stage (in order of first appearance) and links each group of
/// several units, or a lone unit calling a function it does not define (which then fails
/// with a link error naming the function). Other shaders pass through unchanged. The name
/// of a linked group is its files' names joined with `+`. `langs[i]` describes shader `i`
/// (unknown: desktop GLSL with implicit conversions).
pub fn link_stage_units(
    shaders: Vec<(String, Shader)>,
    langs: &[UnitLang],
) -> Result<Vec<(String, Shader)>, fresnel_link::LinkError> {
    let mut groups: Vec<(Stage, fresnel_link::UnitLinkOptions, Units)> = Vec::new();
    let mut out = Vec::new();
    for (i, (name, s)) in shaders.into_iter().enumerate() {
        if separate_shaders(s.stage) {
            out.push((name, s));
            continue;
        }
        let lang = langs.get(i).copied().unwrap_or(UnitLang::DESKTOP);
        match groups.iter_mut().find(|g| g.0 == s.stage) {
            Some(g) => {
                g.1.implicit_conversions &= lang.implicit_conversions;
                g.1.es |= lang.es;
                g.2.push((name, s));
            }
            None => groups.push((
                s.stage,
                fresnel_link::UnitLinkOptions {
                    implicit_conversions: lang.implicit_conversions,
                    es: lang.es,
                },
                vec![(name, s)],
            )),
        }
    }
    for (_, opts, units) in groups {
        if units.len() == 1 && !calls_declaration(&units[0].1) {
            out.extend(units);
            continue;
        }
        let name = units
            .iter()
            .map(|u| u.0.as_str())
            .collect::<Vec<_>>()
            .join("+");
        let linked = fresnel_link::link_units_with(units, &opts)?;
        out.push((name, linked));
    }
    Ok(out)
}
