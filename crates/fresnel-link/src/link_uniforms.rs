//! The uniform interface of a GL program across its stages (Mesa's `cross_validate_uniforms`
//! and `link_uniform_blocks`): a default uniform, uniform block or buffer block of one name
//! is one object, so every stage must declare it alike ("Matching of Qualifiers", linked
//! shaders): the same type and array size, the same `binding` and `location` when both
//! give one, in GLSL ES the same precision for default uniforms, the same packing for
//! uniform blocks, an instance name in all stages or in none; one global name cannot be
//! declared by two different unnamed blocks (or a block and the default uniform block); and
//! explicit uniform locations of different uniforms must not overlap.

use std::collections::BTreeMap;

use fresnel_ir::{Shader, Stage, Type, TypeId, Types, VarMode, Variable};

use crate::link_varyings::{block_name, glsl_type, same_type, stage_name, TypeMatch};
use crate::program_facts::{Language, ShaderFacts};
use crate::LinkError;

/// The key a uniform, uniform block or buffer block is matched by across stages: its name,
/// or the block name.
fn uniform_key<'a>(s: &'a Shader, v: &'a Variable, mode: VarMode) -> &'a str {
    match mode {
        VarMode::Ubo | VarMode::Ssbo => block_name(&s.types, v.ty).unwrap_or(&v.name),
        _ => &v.name,
    }
}

fn kind(mode: VarMode) -> &'static str {
    match mode {
        VarMode::Ubo => "uniform block",
        VarMode::Ssbo => "buffer block",
        _ => "uniform",
    }
}

/// The uniform locations a default-block uniform of type `ty` takes: one per array element
/// and per leaf member of a structure.
fn loc_slots(types: &Types, ty: TypeId, depth: usize) -> u64 {
    if depth > 32 {
        return 1;
    }
    match types.get(ty) {
        Type::Array { elem, len, .. } => {
            u64::from((*len).max(1)).saturating_mul(loc_slots(types, *elem, depth + 1))
        }
        Type::Struct { fields, .. } => fields
            .iter()
            .map(|f| loc_slots(types, f.ty, depth + 1))
            .sum::<u64>()
            .max(1),
        _ => 1,
    }
}

/// Same-named uniforms and blocks of different stages (`all`: every unit with its stage).
pub(crate) fn cross_validate_uniforms(
    all: &[(Stage, &Shader)],
    lang: Language,
) -> Result<(), LinkError> {
    for (a, (sa, va)) in all.iter().enumerate() {
        for (sb, vb) in &all[a + 1..] {
            if sa == sb {
                continue;
            }
            let stages = format!("the {} and {} shaders", stage_name(*sa), stage_name(*sb));
            for mode in [VarMode::Uniform, VarMode::Ubo, VarMode::Ssbo] {
                for (_, u) in vb.vars_of(mode) {
                    if u.builtin {
                        continue;
                    }
                    let key = uniform_key(vb, u, mode);
                    let Some((_, v)) = va
                        .vars_of(mode)
                        .find(|(_, v)| !v.builtin && uniform_key(va, v, mode) == key)
                    else {
                        continue;
                    };
                    let what = format!("{} `{key}`", kind(mode));
                    let m = TypeMatch {
                        struct_names: true,
                        member_names: true,
                    };
                    if !same_type(&va.types, v.ty, &vb.types, u.ty, m) {
                        return Err(LinkError::new(format!(
                            "{what} has different types in {stages} ({} and {})",
                            glsl_type(&va.types, v.ty),
                            glsl_type(&vb.types, u.ty)
                        )));
                    }
                    if mode == VarMode::Uniform
                        && lang.uniform_precision_must_match()
                        && v.relaxed_precision != u.relaxed_precision
                    {
                        return Err(LinkError::new(format!(
                            "{what} has different precisions in {stages}"
                        )));
                    }
                    if let (Some(x), Some(y)) = (v.binding, u.binding) {
                        if x != y {
                            return Err(LinkError::new(format!(
                                "{what} has different bindings in {stages} ({x} and {y})"
                            )));
                        }
                    }
                    if let (VarMode::Uniform, Some(x), Some(y)) = (mode, v.location, u.location) {
                        if x != y {
                            return Err(LinkError::new(format!(
                                "{what} has different locations in {stages} ({x} and {y})"
                            )));
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

/// Explicit uniform locations: different uniforms must not share one.
pub(crate) fn validate_explicit_uniform_locations(
    all: &[(Stage, &Shader)],
) -> Result<(), LinkError> {
    let mut ranges: BTreeMap<&str, (i64, i64)> = BTreeMap::new();
    for (_, s) in all {
        for (_, v) in s.vars_of(VarMode::Uniform) {
            let Some(loc) = v.location.filter(|_| !v.builtin) else {
                continue;
            };
            let start = i64::from(loc);
            let end = start.saturating_add(loc_slots(&s.types, v.ty, 0) as i64);
            ranges.entry(&v.name).or_insert((start, end));
        }
    }
    let list: Vec<(&str, (i64, i64))> = ranges.into_iter().collect();
    for (k, (n, (s0, e0))) in list.iter().enumerate() {
        for (m, (s1, e1)) in &list[k + 1..] {
            if s0 < e1 && s1 < e0 {
                return Err(LinkError::new(format!(
                    "uniforms `{n}` (locations {s0}..{}) and `{m}` (locations {s1}..{}) \
                     have overlapping explicit locations",
                    e0 - 1,
                    e1 - 1
                )));
            }
        }
    }
    Ok(())
}

/// What the front end knows across every pair of stages: a uniform (or member) read with
/// different effective precisions (GLSL ES), a uniform block declared with different
/// packings, a block with an instance name in one stage and none in another, and a global
/// name declared by different unnamed blocks (or a block and the default uniform block).
pub(crate) fn cross_validate_uniform_facts(
    facts: &[ShaderFacts],
    lang: Language,
) -> Result<(), LinkError> {
    for (a, x) in facts.iter().enumerate() {
        for y in &facts[a + 1..] {
            if x.stage == y.stage {
                continue;
            }
            let stages = format!(
                "the {} and {} shaders",
                stage_name(x.stage),
                stage_name(y.stage)
            );
            if lang.uniform_precision_must_match() {
                for (k, p) in &y.precisions {
                    if let Some(q) = x.precisions.get(k).filter(|q| *q != p) {
                        return Err(LinkError::new(format!(
                            "uniform `{k}` has different precisions in {stages} ({} and {})",
                            q.to_lowercase(),
                            p.to_lowercase()
                        )));
                    }
                }
            }
            for (k, p) in &y.packing {
                if let Some(q) = x.packing.get(k).filter(|q| *q != p) {
                    return Err(LinkError::new(format!(
                        "uniform block `{k}` has different layouts in {stages} ({q} and {p})"
                    )));
                }
            }
            for (k, p) in &y.instance {
                if x.instance.get(k).is_some_and(|q| q != p) {
                    let (with, without) = if *p {
                        (y.stage, x.stage)
                    } else {
                        (x.stage, y.stage)
                    };
                    return Err(LinkError::new(format!(
                        "{k} has an instance name in the {} shader and none in the {} shader",
                        stage_name(with),
                        stage_name(without)
                    )));
                }
            }
            for (k, p) in &y.globals {
                if let Some(q) = x.globals.get(k).filter(|q| *q != p) {
                    return Err(LinkError::new(format!(
                        "`{k}` is declared by both {q} and {p} ({stages})"
                    )));
                }
            }
        }
    }
    Ok(())
}
