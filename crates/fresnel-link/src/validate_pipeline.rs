//! Program pipeline validation (`glValidateProgramPipeline`; Mesa's
//! `_mesa_validate_pipeline_io`): between adjacent stages that come from different separable
//! programs the interfaces must match exactly (GLSL ES "Shader Interface Matching",
//! separable programs): every output has a matching input and every input a matching
//! output, matched by location when either side has one (otherwise by name, I/O blocks by
//! block name), with the same type, `patch`, interpolation and precision (members
//! included).

use fresnel_ir::{Shader, Type, TypeId, Types, VarMode, Variable};

use crate::link_varyings::{io_vars, stage_name, Io};
use crate::validate_program::PIPELINE;
use crate::LinkError;

/// A signature of the precisions inside a type (structure and block members).
fn prec_sig(types: &Types, ty: TypeId, depth: usize) -> String {
    if depth > 32 {
        return String::new();
    }
    match types.get(ty) {
        Type::Struct { fields, .. } => {
            let mut s = String::from("{");
            for (k, f) in fields.iter().enumerate() {
                s.push_str(&format!(
                    "{:?}{};",
                    types.member_precision(ty, k),
                    prec_sig(types, f.ty, depth + 1)
                ));
            }
            s.push('}');
            s
        }
        Type::Array { elem, .. } => prec_sig(types, *elem, depth + 1),
        _ => String::new(),
    }
}

/// Whether an output and an input of separable programs are the same interface variable.
fn separable_match(a: &Io<'_>, b: &Io<'_>) -> bool {
    match (a.var.location, b.var.location) {
        (None, None) => a.block.is_none() == b.block.is_none() && a.key() == b.key(),
        (x, y) => x == y && a.var.component == b.var.component,
    }
}

/// Validates a pipeline of separable programs: `program[k]` is the program `shaders[k]`
/// belongs to. Stages of one program were checked when it was linked
/// ([`crate::validate_program`]); only interfaces between programs are compared here.
pub fn validate_pipeline(shaders: &[&Shader], program: &[usize]) -> Result<(), LinkError> {
    let stages: Vec<_> = PIPELINE
        .iter()
        .filter_map(|st| {
            let idx: Vec<usize> = (0..shaders.len())
                .filter(|&k| shaders[k].stage == *st)
                .collect();
            let first = *idx.first()?;
            let units: Vec<&Shader> = idx.iter().map(|&k| shaders[k]).collect();
            Some((*st, units, program.get(first).copied().unwrap_or(0)))
        })
        .collect();
    for pair in stages.windows(2) {
        let ((ps, producer, pp), (cs, consumer, cp)) = (&pair[0], &pair[1]);
        if pp == cp {
            continue;
        }
        let (pn, cn) = (stage_name(*ps), stage_name(*cs));
        let outs = io_vars(*ps, producer, VarMode::ShaderOut);
        let ins = io_vars(*cs, consumer, VarMode::ShaderIn);
        for o in &outs {
            if !ins.iter().any(|i| separable_match(o, i)) {
                return Err(LinkError::new(format!(
                    "{pn} {} has no matching {cn} input",
                    o.what("output")
                )));
            }
        }
        for i in &ins {
            let Some(o) = outs.iter().find(|o| separable_match(o, i)) else {
                return Err(LinkError::new(format!(
                    "{cn} {} has no matching {pn} output",
                    i.what("input")
                )));
            };
            let pair = format!("{cn} {} and {pn} {}", i.what("input"), o.what("output"));
            let by_location = o.var.location.is_some() || i.var.location.is_some();
            if o.var.patch != i.var.patch || !o.same_type(i, by_location) {
                return Err(LinkError::new(format!("{pair} have different types")));
            }
            if o.var.interp != i.var.interp {
                return Err(LinkError::new(format!(
                    "{pair} have different interpolation qualifiers"
                )));
            }
            if o.var.precision != i.var.precision
                || prec_sig(&o.shader.types, o.ty, 0) != prec_sig(&i.shader.types, i.ty, 0)
            {
                return Err(LinkError::new(format!("{pair} have different precisions")));
            }
            let decor = |v: &Variable| {
                v.members
                    .iter()
                    .map(|m| (m.interp, m.precision))
                    .collect::<Vec<_>>()
            };
            if decor(o.var) != decor(i.var) {
                return Err(LinkError::new(format!(
                    "members of {pair} have different interpolation or precision qualifiers"
                )));
            }
        }
    }
    Ok(())
}
