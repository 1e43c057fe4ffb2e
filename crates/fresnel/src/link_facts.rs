//! The facts a program's link checks need from a unit's checked program
//! ([`fresnel_link::ShaderFacts`]): the HIR knows what the IR drops (effective precisions,
//! block packings, instance-name presence, the global names of unnamed blocks, statically
//! used inputs, whether `max_vertices` was written). Every caller that links a program (the
//! CLI's `compile`, the dEQP runner, the corpus tools) collects them here.

use fresnel_link::ShaderFacts;
use fresnel_sema::hir::{ExprId, ExprKind, Module, Storage};
use fresnel_sema::types::Type as HType;
use fresnel_syntax::intern::Interner;
use fresnel_syntax::version::{Profile, Stage, TargetEnv};

use crate::FrontendRun;

/// The IR's name of a stage.
fn ir_stage(s: Stage) -> fresnel_ir::Stage {
    use fresnel_ir::Stage as I;
    match s {
        Stage::Vertex => I::Vertex,
        Stage::TessControl => I::TessControl,
        Stage::TessEval => I::TessEval,
        Stage::Geometry => I::Geometry,
        Stage::Fragment => I::Fragment,
        Stage::Compute => I::Compute,
        Stage::Task => I::Task,
        Stage::Mesh => I::Mesh,
        Stage::RayGen => I::RayGen,
        Stage::Intersect => I::Intersect,
        Stage::AnyHit => I::AnyHit,
        Stage::ClosestHit => I::ClosestHit,
        Stage::Miss => I::Miss,
        Stage::Callable => I::Callable,
    }
}

/// The link facts of a checked unit (`None` before semantic analysis or without a stage).
/// `target` is the one it was compiled for.
pub fn shader_facts(run: &FrontendRun, target: TargetEnv) -> Option<ShaderFacts> {
    let hir = run.hir.as_ref()?;
    let stage = run.stage?;
    Some(collect(hir, &run.interner, ir_stage(stage), target))
}

/// The uniform variable and member path an expression reads (default-block uniforms only:
/// block members may differ in precision).
fn uniform_path(m: &Module, interner: &Interner, e: ExprId, depth: usize) -> Option<String> {
    if depth > 32 {
        return None;
    }
    let ex = m.expr(e);
    match &ex.kind {
        ExprKind::Var(v) => {
            let var = m.var(*v);
            (var.storage == Storage::Uniform
                && !var.builtin
                && var.block_member.is_none()
                && !m.types.is_block(var.ty))
            .then(|| interner.resolve(var.name).to_string())
        }
        ExprKind::Member(base, k) => {
            let b = uniform_path(m, interner, *base, depth + 1)?;
            let HType::Struct(sid) = m.types.get(m.expr(*base).ty) else {
                return None;
            };
            let member = m.types.struct_def(*sid).members.get(*k as usize)?;
            Some(format!("{b}.{}", interner.resolve(member.name)))
        }
        ExprKind::Index(base, _) => Some(format!(
            "{}[]",
            uniform_path(m, interner, *base, depth + 1)?
        )),
        _ => None,
    }
}

fn collect(
    m: &Module,
    interner: &Interner,
    stage: fresnel_ir::Stage,
    target: TargetEnv,
) -> ShaderFacts {
    let mut facts = ShaderFacts::new(stage);
    facts.version = m.version.number;
    facts.es = m.version.profile == Profile::Es;
    facts.vulkan = target.is_vulkan();
    for (i, ex) in m.exprs.iter().enumerate() {
        if !matches!(
            ex.kind,
            ExprKind::Var(_) | ExprKind::Member(..) | ExprKind::Index(..)
        ) {
            continue;
        }
        let (Some(p), Some(prec)) = (uniform_path(m, interner, ExprId(i as u32), 0), ex.precision)
        else {
            continue;
        };
        facts.precisions.insert(p, format!("{prec:?}"));
    }
    facts.max_vertices = m.stage_layout.iter().any(|e| {
        interner
            .resolve(e.name)
            .eq_ignore_ascii_case("max_vertices")
    });
    for e in &m.stage_layout {
        let name = interner.resolve(e.name).to_ascii_lowercase();
        if name == "local_size_variable" {
            facts.local_size_variable = true;
        } else if name.starts_with("local_size_") {
            facts.local_size_fixed = true;
        }
    }
    for var in &m.vars {
        if var.quals.invariant
            && !var.builtin
            && var.block_member.is_none()
            && matches!(var.storage, Storage::In | Storage::Out)
        {
            facts
                .explicit_invariant
                .insert(interner.resolve(var.name).to_string());
        }
    }
    for ex in &m.exprs {
        let ExprKind::Var(v) = ex.kind else {
            continue;
        };
        let var = m.var(v);
        if var.storage != Storage::In || var.builtin {
            continue;
        }
        facts
            .used_inputs
            .insert(interner.resolve(var.name).to_string());
        let block = match var.block_member {
            Some((b, _)) => m.var(b).ty,
            None => var.ty,
        };
        if let HType::Struct(sid) = m.types.get(m.types.innermost(block)) {
            if let Some(n) = m.types.struct_def(*sid).name {
                facts.used_inputs.insert(interner.resolve(n).to_string());
            }
        }
    }
    // Blocks whose members are variables of their own: the unnamed ones.
    let unnamed: std::collections::BTreeSet<u32> = m
        .vars
        .iter()
        .filter_map(|v| v.block_member.map(|(b, _)| b.index() as u32))
        .collect();
    for &g in &m.globals {
        let var = m.var(g);
        if var.builtin || !matches!(var.storage, Storage::Uniform | Storage::Buffer) {
            continue;
        }
        let storage = if var.storage == Storage::Uniform {
            "uniform"
        } else {
            "buffer"
        };
        if !m.types.is_block(var.ty) {
            if var.storage == Storage::Uniform && var.block_member.is_none() {
                facts.globals.insert(
                    interner.resolve(var.name).to_string(),
                    "the default uniform block".into(),
                );
            }
            continue;
        }
        let HType::Struct(sid) = m.types.get(m.types.innermost(var.ty)) else {
            continue;
        };
        let def = m.types.struct_def(*sid);
        let Some(name) = def.name else {
            continue;
        };
        let name = interner.resolve(name).to_string();
        let anonymous = unnamed.contains(&(g.index() as u32));
        facts
            .instance
            .insert(format!("{storage} {name}"), !anonymous);
        if anonymous {
            for mem in &def.members {
                facts.globals.insert(
                    interner.resolve(mem.name).to_string(),
                    format!("{storage} block `{name}`"),
                );
            }
        }
        if var.storage != Storage::Uniform {
            continue;
        }
        let last = |names: &[&str], default: &'static str| {
            var.quals
                .layout
                .iter()
                .rev()
                .map(|e| interner.resolve(e.name))
                .find(|n| names.contains(n))
                .unwrap_or(default)
        };
        let packing = last(&["shared", "packed", "std140", "std430"], "shared");
        let major = last(&["row_major", "column_major"], "column_major");
        facts.packing.insert(name, format!("{packing}, {major}"));
    }
    facts
}
