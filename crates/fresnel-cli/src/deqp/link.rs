//! Link-time checks of a dEQP program (the subset of a GL linker's rules the runner can see):
//! interstage varyings between every pair of adjacent present stages (vertex, tessellation
//! control, tessellation evaluation, geometry, fragment), uniforms and uniform and buffer
//! blocks across every stage, explicit uniform locations, and the tessellation layouts a
//! program needs. What the IR does not keep (precisions, block packings, whether a block has
//! an instance name, the names of an unnamed block's members) comes from the HIR
//! ([`LinkFacts`]).

use std::collections::{BTreeMap, BTreeSet};

use fresnel_ir::{Shader, Type, TypeId, Types, VarMode, Variable};
use fresnel_testfmt::Stage as TStage;

/// The stages of a graphics pipeline, in order.
const PIPELINE: [TStage; 5] = [
    TStage::Vertex,
    TStage::TessControl,
    TStage::TessEval,
    TStage::Geometry,
    TStage::Fragment,
];

/// What linking compares that the IR does not keep, from the HIR: the effective precision
/// of every uniform (and uniform member path) the shader reads, the packing of every
/// uniform block, which uniform and buffer blocks have an instance name, and the names
/// the default uniform block and unnamed blocks put in the global namespace.
#[derive(Clone, Debug, Default)]
pub(super) struct LinkFacts {
    precisions: BTreeMap<String, String>,
    packing: BTreeMap<String, String>,
    /// `"uniform Name"` / `"buffer Name"` -> whether the block has an instance name.
    instance: BTreeMap<String, bool>,
    /// Global names of the uniform interface -> what declares them: `"the default uniform
    /// block"` or the unnamed uniform or buffer block that has a member of that name.
    globals: BTreeMap<String, String>,
    /// Inputs the shader reads (statically used): variable names, and the block names of
    /// input blocks whose members or instances are read.
    used_inputs: BTreeSet<String>,
    /// Whether the shader declares `layout(max_vertices = N) out` (geometry).
    max_vertices: bool,
}

pub(super) fn link_facts(
    m: &fresnel::sema::hir::Module,
    interner: &fresnel::syntax::intern::Interner,
) -> LinkFacts {
    use fresnel::sema::hir::{ExprKind, Storage};
    use fresnel::sema::types::Type as HType;
    let mut facts = LinkFacts::default();
    // The uniform variable and member path an expression reads.
    fn path(
        m: &fresnel::sema::hir::Module,
        interner: &fresnel::syntax::intern::Interner,
        e: fresnel::sema::hir::ExprId,
        depth: usize,
    ) -> Option<String> {
        if depth > 32 {
            return None;
        }
        let ex = m.expr(e);
        match &ex.kind {
            ExprKind::Var(v) => {
                let var = m.var(*v);
                // Default-block uniforms only: block members may differ in precision.
                (var.storage == Storage::Uniform
                    && !var.builtin
                    && var.block_member.is_none()
                    && !m.types.is_block(var.ty))
                .then(|| interner.resolve(var.name).to_string())
            }
            ExprKind::Member(base, k) => {
                let b = path(m, interner, *base, depth + 1)?;
                let HType::Struct(sid) = m.types.get(m.expr(*base).ty) else {
                    return None;
                };
                let def = m.types.struct_def(*sid);
                let member = def.members.get(*k as usize)?;
                Some(format!("{b}.{}", interner.resolve(member.name)))
            }
            ExprKind::Index(base, _) => Some(format!("{}[]", path(m, interner, *base, depth + 1)?)),
            _ => None,
        }
    }
    for (i, ex) in m.exprs.iter().enumerate() {
        if !matches!(
            ex.kind,
            ExprKind::Var(_) | ExprKind::Member(..) | ExprKind::Index(..)
        ) {
            continue;
        }
        let (Some(p), Some(prec)) = (
            path(m, interner, fresnel::sema::hir::ExprId(i as u32), 0),
            ex.precision,
        ) else {
            continue;
        };
        facts.precisions.insert(p, format!("{prec:?}"));
    }
    facts.max_vertices = m.stage_layout.iter().any(|e| {
        interner
            .resolve(e.name)
            .eq_ignore_ascii_case("max_vertices")
    });
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
    let unnamed: BTreeSet<u32> = m
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
        let packing = var
            .quals
            .layout
            .iter()
            .rev()
            .map(|e| interner.resolve(e.name))
            .find(|n| matches!(*n, "shared" | "packed" | "std140" | "std430"))
            .unwrap_or("shared");
        let major = var
            .quals
            .layout
            .iter()
            .rev()
            .map(|e| interner.resolve(e.name))
            .find(|n| matches!(*n, "row_major" | "column_major"))
            .unwrap_or("column_major");
        facts.packing.insert(name, format!("{packing}, {major}"));
    }
    facts
}

/// A structural signature of a type (struct names, member names, types and layouts).
pub(super) fn type_sig(types: &Types, ty: TypeId, depth: usize) -> String {
    if depth > 32 {
        return "...".into();
    }
    match types.get(ty) {
        Type::Struct { name, fields, .. } => {
            let mut s = format!("struct {name}{{");
            for f in fields {
                s.push_str(&format!(
                    "{}:{}@{:?}/{}/{:?};",
                    f.name,
                    type_sig(types, f.ty, depth + 1),
                    f.offset,
                    f.row_major,
                    f.matrix_stride
                ));
            }
            s.push('}');
            s
        }
        Type::Array { elem, len, stride } => {
            format!("[{len} x {} /{stride}]", type_sig(types, *elem, depth + 1))
        }
        _ => types.display(ty),
    }
}

/// The name of the block a variable of type `ty` (or an array of it) is an instance of.
fn block_name(types: &Types, ty: TypeId) -> Option<&str> {
    let mut t = ty;
    for _ in 0..8 {
        match types.get(t) {
            Type::Array { elem, .. } => t = *elem,
            Type::Struct {
                name, block: true, ..
            } => return Some(name),
            _ => return None,
        }
    }
    None
}

/// The shaders of each present pipeline stage, in pipeline order.
fn by_stage<T>(items: &[(TStage, T)]) -> Vec<(TStage, Vec<&T>)> {
    PIPELINE
        .iter()
        .chain(std::iter::once(&TStage::Compute))
        .filter_map(|st| {
            let v: Vec<&T> = items
                .iter()
                .filter(|(s, _)| s == st)
                .map(|(_, x)| x)
                .collect();
            (!v.is_empty()).then_some((*st, v))
        })
        .collect()
}

/// One side of an interstage interface variable: the variable with its per-vertex
/// array removed.
struct Io<'a> {
    var: &'a Variable,
    shader: &'a Shader,
    /// The type without the per-vertex array.
    ty: TypeId,
    /// The block name for an I/O block (matched by it rather than the instance name).
    block: Option<&'a str>,
}

fn io_vars<'a>(stage: TStage, shaders: &[&'a Shader], mode: VarMode) -> Vec<Io<'a>> {
    // Tessellation and geometry inputs, tessellation control outputs: per-vertex arrays.
    let per_vertex = match mode {
        VarMode::ShaderIn => matches!(
            stage,
            TStage::TessControl | TStage::TessEval | TStage::Geometry
        ),
        _ => stage == TStage::TessControl,
    };
    let mut out = Vec::new();
    for &s in shaders {
        for (_, v) in s.vars_of(mode) {
            if v.builtin {
                continue;
            }
            let mut ty = v.ty;
            if per_vertex && !v.patch {
                if let Type::Array { elem, .. } = s.types.get(ty) {
                    ty = *elem;
                }
            }
            let block = block_name(&s.types, ty);
            if block.is_some_and(|b| b.starts_with("gl_")) {
                continue;
            }
            out.push(Io {
                var: v,
                shader: s,
                ty,
                block,
            });
        }
    }
    out
}

/// Interstage varyings from `producer` to `consumer` (adjacent present stages).
fn check_varyings(
    (ps, producer): (TStage, &[&Shader]),
    (cs, consumer): (TStage, &[&Shader]),
    used: &BTreeSet<&str>,
) -> Option<String> {
    let outs = io_vars(ps, producer, VarMode::ShaderOut);
    let ins = io_vars(cs, consumer, VarMode::ShaderIn);
    let (pn, cn) = (ps.extension(), cs.extension());
    for i in &ins {
        let what = match i.block {
            Some(b) => format!("input block `{b}`"),
            None => format!("input `{}`", i.var.name),
        };
        let by_location = || {
            let loc = i.var.location?;
            outs.iter().find(|o| {
                o.var.location == Some(loc)
                    && o.var.component == i.var.component
                    && o.block.is_none() == i.block.is_none()
            })
        };
        let by_name = || {
            outs.iter().find(|o| match (i.block, o.block) {
                (Some(a), Some(b)) => a == b,
                (None, None) => o.var.name == i.var.name,
                _ => false,
            })
        };
        let Some(o) = by_location().or_else(by_name) else {
            if i.var.location.is_none() && used.contains(i.block.unwrap_or(&i.var.name)) {
                return Some(format!("{cn} {what} is not written by the {pn} shader"));
            }
            continue;
        };
        if o.var.patch != i.var.patch {
            return Some(format!("{cn} {what} and its {pn} output differ in `patch`"));
        }
        if type_sig(&o.shader.types, o.ty, 0) != type_sig(&i.shader.types, i.ty, 0) {
            return Some(format!(
                "{cn} {what} and its {pn} output have different types"
            ));
        }
        if o.var.interp != i.var.interp {
            return Some(format!(
                "{cn} {what} and its {pn} output have different interpolation"
            ));
        }
    }
    None
}

/// The key a uniform, uniform block or buffer block is matched by across stages: its name,
/// or the block name.
fn uniform_key<'a>(s: &'a Shader, v: &'a Variable, mode: VarMode) -> &'a str {
    match mode {
        VarMode::Ubo | VarMode::Ssbo => block_name(&s.types, v.ty).unwrap_or(&v.name),
        _ => &v.name,
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

/// Link-time checks on the IR of every stage: interstage varyings between adjacent present
/// stages, same-named uniforms and blocks that disagree (type, array size, precision,
/// binding), overlapping explicit uniform locations, and tessellation and geometry shaders
/// without the layouts linking needs. Returns the reason when linking fails.
pub(super) fn link_check(
    shaders: &[(TStage, Shader)],
    facts: &[(TStage, LinkFacts)],
) -> Option<String> {
    let stages = by_stage(shaders);
    let pipeline: Vec<(TStage, &[&Shader])> = stages
        .iter()
        .filter(|(s, _)| *s != TStage::Compute)
        .map(|(s, v)| (*s, v.as_slice()))
        .collect();
    for pair in pipeline.windows(2) {
        // The inputs the consumer stage reads (an input nobody writes is an error only
        // when it is statically used).
        let used: BTreeSet<&str> = facts
            .iter()
            .filter(|(s, _)| *s == pair[1].0)
            .flat_map(|(_, f)| f.used_inputs.iter().map(String::as_str))
            .collect();
        if let Some(e) = check_varyings(pair[0], pair[1], &used) {
            return Some(e);
        }
    }
    // Tessellation layouts.
    for (stage, units) in &stages {
        match stage {
            TStage::TessControl if units.iter().all(|s| s.info.tess_vertices.is_none()) => {
                return Some(
                    "the tessellation control shader declares no output patch size \
                     (`layout(vertices = N) out`)"
                        .into(),
                );
            }
            TStage::TessEval if units.iter().all(|s| s.info.tess_primitive.is_none()) => {
                return Some(
                    "the tessellation evaluation shader declares no primitive mode".into(),
                );
            }
            TStage::Geometry => {
                let geo = || units.iter().filter_map(|s| s.info.geometry.as_ref());
                if geo().all(|g| g.input.is_empty()) {
                    return Some("the geometry shader declares no input primitive".into());
                }
                if geo().all(|g| g.output.is_empty()) {
                    return Some("the geometry shader declares no output primitive".into());
                }
                let declared = facts
                    .iter()
                    .any(|(s, f)| *s == TStage::Geometry && f.max_vertices);
                if !declared {
                    return Some(
                        "the geometry shader declares no `layout(max_vertices = N) out`".into(),
                    );
                }
            }
            _ => {}
        }
    }
    // Uniforms and blocks, across every pair of stages.
    let all: Vec<(TStage, &Shader)> = stages
        .iter()
        .flat_map(|(s, v)| v.iter().map(move |x| (*s, *x)))
        .collect();
    for (a, (sa, va)) in all.iter().enumerate() {
        for (sb, vb) in &all[a + 1..] {
            if sa == sb {
                continue;
            }
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
                    if type_sig(&va.types, v.ty, 0) != type_sig(&vb.types, u.ty, 0) {
                        return Some(format!("uniform `{key}` has different types"));
                    }
                    if mode == VarMode::Uniform && v.relaxed_precision != u.relaxed_precision {
                        return Some(format!("uniform `{key}` has different precisions"));
                    }
                    if v.binding != u.binding && v.binding.is_some() && u.binding.is_some() {
                        return Some(format!("uniform `{key}` has different bindings"));
                    }
                    if mode == VarMode::Uniform
                        && v.location != u.location
                        && v.location.is_some()
                        && u.location.is_some()
                    {
                        return Some(format!("uniform `{key}` has different locations"));
                    }
                }
            }
        }
    }
    // Explicit uniform locations: different uniforms must not share one.
    let mut ranges: BTreeMap<&str, (i64, i64)> = BTreeMap::new();
    for (_, s) in &all {
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
                return Some(format!(
                    "uniforms `{n}` and `{m}` have overlapping explicit locations"
                ));
            }
        }
    }
    None
}

/// Link checks on what the HIR knows, across every pair of stages: a uniform (or member)
/// read with different effective precisions, a uniform block declared with different
/// packings, a block with an instance name in one stage and none in another, and a global
/// name declared by different unnamed blocks (or a block and the default uniform block).
pub(super) fn link_check_facts(facts: &[(TStage, LinkFacts)]) -> Option<String> {
    for (a, (sa, x)) in facts.iter().enumerate() {
        for (sb, y) in &facts[a + 1..] {
            if sa == sb {
                continue;
            }
            for (k, p) in &y.precisions {
                if let Some(q) = x.precisions.get(k) {
                    if p != q {
                        return Some(format!("uniform `{k}` has precision {q} and {p}"));
                    }
                }
            }
            for (k, p) in &y.packing {
                if let Some(q) = x.packing.get(k) {
                    if p != q {
                        return Some(format!("uniform block `{k}` is {q} and {p}"));
                    }
                }
            }
            for (k, p) in &y.instance {
                if let Some(q) = x.instance.get(k) {
                    if p != q {
                        return Some(format!(
                            "{k} has an instance name in one stage and none in another"
                        ));
                    }
                }
            }
            for (k, p) in &y.globals {
                if let Some(q) = x.globals.get(k) {
                    if p != q {
                        return Some(format!("`{k}` is declared by both {q} and {p}"));
                    }
                }
            }
        }
    }
    None
}

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

/// Program pipeline validation (separable programs, `expect validation_fail`): between
/// adjacent stages of different programs the interfaces must match exactly (GLSL ES 3.10
/// "Shader Interface Matching" for separable programs): every input has a matching output
/// and every output a matching input, matched by location when either side has one
/// (otherwise by name, I/O blocks by block name), with the same type, interpolation and
/// precision (members included). `program` gives the program of each shader.
pub(super) fn validate_pipeline(shaders: &[(TStage, Shader)], program: &[usize]) -> Option<String> {
    let stages: Vec<(TStage, Vec<&Shader>, usize)> = PIPELINE
        .iter()
        .filter_map(|st| {
            let idx: Vec<usize> = (0..shaders.len())
                .filter(|&k| shaders[k].0 == *st)
                .collect();
            let first = *idx.first()?;
            let units = idx.iter().map(|&k| &shaders[k].1).collect();
            Some((*st, units, program.get(first).copied().unwrap_or(0)))
        })
        .collect();
    for pair in stages.windows(2) {
        let ((ps, producer, pp), (cs, consumer, cp)) = (&pair[0], &pair[1]);
        if pp == cp {
            continue;
        }
        let outs = io_vars(*ps, producer, VarMode::ShaderOut);
        let ins = io_vars(*cs, consumer, VarMode::ShaderIn);
        let matches = |a: &Io<'_>, b: &Io<'_>| match (a.var.location, b.var.location) {
            (None, None) => match (a.block, b.block) {
                (Some(x), Some(y)) => x == y,
                (None, None) => a.var.name == b.var.name,
                _ => false,
            },
            (x, y) => x == y && a.var.component == b.var.component,
        };
        let name = |v: &Io<'_>| v.block.unwrap_or(&v.var.name).to_string();
        for o in &outs {
            if !ins.iter().any(|i| matches(o, i)) {
                return Some(format!(
                    "{} output `{}` has no matching {} input",
                    ps.extension(),
                    name(o),
                    cs.extension()
                ));
            }
        }
        for i in &ins {
            let Some(o) = outs.iter().find(|o| matches(o, i)) else {
                return Some(format!(
                    "{} input `{}` has no matching {} output",
                    cs.extension(),
                    name(i),
                    ps.extension()
                ));
            };
            let what = name(i);
            if o.var.patch != i.var.patch
                || type_sig(&o.shader.types, o.ty, 0) != type_sig(&i.shader.types, i.ty, 0)
            {
                return Some(format!("`{what}` has different types"));
            }
            if o.var.interp != i.var.interp {
                return Some(format!("`{what}` has different interpolation"));
            }
            if o.var.precision != i.var.precision
                || prec_sig(&o.shader.types, o.ty, 0) != prec_sig(&i.shader.types, i.ty, 0)
            {
                return Some(format!("`{what}` has different precisions"));
            }
            let decor = |v: &Variable| {
                v.members
                    .iter()
                    .map(|m| (m.interp, m.precision))
                    .collect::<Vec<_>>()
            };
            if decor(o.var) != decor(i.var) {
                return Some(format!(
                    "members of `{what}` have different interpolation or precision"
                ));
            }
        }
    }
    None
}
