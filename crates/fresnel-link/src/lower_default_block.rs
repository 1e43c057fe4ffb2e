//! lower_default_block: the non-opaque uniforms outside blocks become members of one
//! `std140` uniform block, `gl_DefaultUniformBlock` (what glslang's relaxed Vulkan mode and
//! Mesa's `gl_nir_lower_default_uniforms`-style packing do).
//!
//! Every stage gets the same block: the union of the program's default-block uniforms, in
//! pipeline order and then declaration order, so the host fills one buffer for all stages.
//! A deref of such a uniform becomes a member deref of the block; a `copy_deref` between a
//! moved uniform and a variable of the original (unlaid-out) type is split into loads and
//! stores of its leaves, since the two types now differ in layout.

use fresnel_ir::{
    BlockPacking, Builder, Constant, DerefKind, InstrId, InstrKind, Intrinsic, Shader, Type,
    TypeId, Types, ValueId, VarId, VarMode, Variable,
};
use rustc_hash::{FxHashMap, FxHashSet};

use crate::std140::Layout;
use crate::{DefaultBlock, DefaultBlockMember, DefaultBlockOptions, LinkError, DEFAULT_BLOCK_NAME};

/// A structural description of a type, comparable across shaders (each shader has its own
/// type arena).
fn type_key(types: &Types, ty: TypeId, out: &mut String, depth: u32) {
    if depth > 64 {
        out.push('…');
        return;
    }
    match types.get(ty) {
        Type::Array { elem, len, .. } => {
            out.push_str(&format!("[{len} x "));
            type_key(types, *elem, out, depth + 1);
            out.push(']');
        }
        Type::Struct { name, fields, .. } => {
            out.push_str(&format!("struct {name}{{"));
            for f in fields {
                out.push_str(&f.name);
                out.push(':');
                type_key(types, f.ty, out, depth + 1);
                out.push(';');
            }
            out.push('}');
        }
        _ => out.push_str(&types.display(ty)),
    }
}

fn key_of(types: &Types, ty: TypeId) -> String {
    let mut s = String::new();
    type_key(types, ty, &mut s, 0);
    s
}

/// A uniform that moves into the block.
fn moves(sh: &Shader, v: &Variable) -> bool {
    v.mode == VarMode::Uniform && !sh.types.is_opaque(v.ty)
}

/// Gathers the default-block uniforms of every shader into `gl_DefaultUniformBlock`.
/// Returns `None` when the program has none.
pub fn lower_default_block(
    shaders: &mut [Shader],
    order: &[usize],
    opts: &DefaultBlockOptions,
) -> Result<Option<DefaultBlock>, LinkError> {
    // The members: (name, type key, stage index of the first declaration, its var).
    let mut members: Vec<(String, String, usize, VarId)> = Vec::new();
    for &si in order {
        let sh = &shaders[si];
        for (id, v) in sh.vars.iter() {
            if !moves(sh, v) {
                continue;
            }
            let key = key_of(&sh.types, v.ty);
            match members.iter().find(|m| m.0 == v.name) {
                Some(m) if m.1 != key => {
                    return Err(LinkError::new(format!(
                        "uniform `{}` is declared with different types in the {} and {} shaders",
                        v.name,
                        shaders[m.2].stage.name(),
                        sh.stage.name()
                    )))
                }
                Some(_) => {}
                None => members.push((v.name.clone(), key, si, id)),
            }
        }
    }
    if members.is_empty() {
        return Ok(None);
    }
    if members.len() > 4096 {
        return Err(LinkError::new(format!(
            "{} default-block uniforms: more than the 4096 the default uniform block holds",
            members.len()
        )));
    }
    let binding = match opts.binding {
        Some(b) => b,
        None => crate::bindings::lowest_free_binding(shaders, opts.set),
    };
    // Every shader's member types (its own declaration, or a copy of the declaring
    // shader's), taken before any shader is rewritten: rewriting renumbers variables.
    let mut per_shader: Vec<(usize, Vec<TypeId>, Vec<Option<Constant>>)> = Vec::new();
    for &si in order {
        let mut tys = Vec::with_capacity(members.len());
        let mut inits = Vec::with_capacity(members.len());
        for (name, _, from, var) in &members {
            let own = shaders[si]
                .vars
                .iter()
                .find(|(_, v)| v.name == *name && moves(&shaders[si], v))
                .map(|(_, v)| (v.ty, v.init.clone()));
            let (ty, init) = match own {
                Some(x) => x,
                None => {
                    let (src_types, src_ty, init) = {
                        let s = &shaders[*from];
                        (s.types.clone(), s.vars[*var].ty, s.vars[*var].init.clone())
                    };
                    (
                        import_type(&src_types, src_ty, &mut shaders[si].types, 0)?,
                        init,
                    )
                }
            };
            tys.push(ty);
            inits.push(init);
        }
        per_shader.push((si, tys, inits));
    }
    let mut block = None;
    for (si, tys, inits) in per_shader {
        let b = rewrite_shader(&mut shaders[si], &members, &tys, &inits, opts.set, binding)?;
        block.get_or_insert(b);
    }
    Ok(block)
}

/// Builds the block in one shader from the member types in its arena, and rewrites the
/// shader's uses.
fn rewrite_shader(
    sh: &mut Shader,
    members: &[(String, String, usize, VarId)],
    member_tys: &[TypeId],
    inits: &[Option<Constant>],
    set: u32,
    binding: u32,
) -> Result<DefaultBlock, LinkError> {
    let mut layout = Layout::default();
    let mut fields = Vec::with_capacity(members.len());
    for ((name, ..), ty) in members.iter().zip(member_tys) {
        fields.push(fresnel_ir::Field {
            name: name.clone(),
            ty: *ty,
            offset: None,
            row_major: false,
            matrix_stride: None,
        });
    }
    let unlaid = sh.types.intern(Type::Struct {
        name: DEFAULT_BLOCK_NAME.into(),
        fields,
        block: true,
    });
    let (block_ty, size, _) = layout.lay_out(&mut sh.types, unlaid);
    let Type::Struct {
        fields: laid_fields,
        ..
    } = sh.types.get(block_ty).clone()
    else {
        unreachable!("a struct lays out as a struct")
    };
    let mut report_members = Vec::with_capacity(members.len());
    let mut initial = vec![0u8; size as usize];
    for (i, f) in laid_fields.iter().enumerate() {
        let off = f.offset.unwrap_or(0);
        let (_, msize, _) = layout.lay_out(&mut sh.types, member_tys[i]);
        if let Some(c) = &inits[i] {
            write_constant(&sh.types, f.ty, c, off, f.matrix_stride, &mut initial);
        }
        report_members.push(DefaultBlockMember {
            name: f.name.clone(),
            offset: off,
            size: msize,
            init: inits[i].clone(),
        });
    }
    let mut var = Variable::new(DEFAULT_BLOCK_NAME, block_ty, VarMode::Ubo);
    var.set = Some(set);
    var.binding = Some(binding);
    var.packing = Some(BlockPacking::Std140);
    let block_var = sh.add_var(var);
    // Field index of each moved variable of this shader.
    let field_of: FxHashMap<VarId, u32> = sh
        .vars
        .iter()
        .filter(|(_, v)| moves(sh, v))
        .filter_map(|(id, v)| {
            members
                .iter()
                .position(|m| m.0 == v.name)
                .map(|i| (id, i as u32))
        })
        .collect();
    let func_ids: Vec<_> = sh.functions.keys().collect();
    for fid in func_ids {
        rewrite_function(sh, fid, &field_of, block_var, block_ty, &mut layout);
    }
    sh.retain_vars(|id, _| !field_of.contains_key(&id));
    Ok(DefaultBlock {
        set,
        binding,
        size,
        members: report_members,
        initial_data: initial,
    })
}

fn rewrite_function(
    sh: &mut Shader,
    fid: fresnel_ir::FuncId,
    field_of: &FxHashMap<VarId, u32>,
    block_var: VarId,
    block_ty: TypeId,
    layout: &mut Layout,
) {
    let order = sh.functions[fid].instrs_in_order();
    // Derefs now into the block.
    let mut moved: FxHashSet<ValueId> = FxHashSet::default();
    let mut copies = Vec::new();
    for id in order {
        let (dest, kind, old_ty) = match &sh.functions[fid].instrs[id].kind {
            InstrKind::Deref(d) => (d.dest, d.kind, d.ty),
            InstrKind::Intrinsic(x) if x.op == Intrinsic::CopyDeref => {
                copies.push(id);
                continue;
            }
            _ => continue,
        };
        let root_field = match kind {
            DerefKind::Var(v) => match field_of.get(&v) {
                Some(&field) => Some(field),
                None => continue,
            },
            DerefKind::Array { parent, .. }
            | DerefKind::Struct { parent, .. }
            | DerefKind::Cast { parent } => {
                if !moved.contains(&parent) {
                    continue;
                }
                None
            }
        };
        let (new_ty, _, _) = layout.lay_out(&mut sh.types, old_ty);
        let f = &mut sh.functions[fid];
        if let Some(field) = root_field {
            let mut b = Builder::before(f, &mut sh.types, id);
            let root = b.deref_var(block_var, block_ty, VarMode::Ubo);
            if let InstrKind::Deref(d) = &mut sh.functions[fid].instrs[id].kind {
                d.kind = DerefKind::Struct {
                    parent: root,
                    field,
                };
            }
        }
        if let InstrKind::Deref(d) = &mut sh.functions[fid].instrs[id].kind {
            d.ty = new_ty;
            d.mode = VarMode::Ubo;
        }
        moved.insert(dest);
    }
    sh.functions[fid].rebuild_uses();
    for id in copies {
        let f = &sh.functions[fid];
        let InstrKind::Intrinsic(x) = &f.instrs[id].kind else {
            continue;
        };
        let (dst, src) = (x.srcs[0], x.srcs[1]);
        if !(moved.contains(&dst) || moved.contains(&src)) {
            continue;
        }
        split_copy(sh, fid, id, dst, src);
    }
}

/// Replaces `copy_deref dst, src` by loads and stores of every leaf (vector, scalar or
/// matrix column), the two sides having the same shape but different layouts.
fn split_copy(sh: &mut Shader, fid: fresnel_ir::FuncId, id: InstrId, dst: ValueId, src: ValueId) {
    let f = &mut sh.functions[fid];
    let mut b = Builder::before(f, &mut sh.types, id);
    copy_leaves(&mut b, dst, src, 0);
    sh.functions[fid].remove_instr(id);
}

fn copy_leaves(b: &mut Builder<'_>, dst: ValueId, src: ValueId, depth: u32) {
    // Types nest at most 64 deep (import_type's limit).
    if depth > 64 {
        return;
    }
    let ty = b.deref_of(src).ty;
    match b.types.get(ty).clone() {
        Type::Vector { .. } => {
            let v = b.load_deref(src);
            let n = b.num_components(v);
            b.store_deref(dst, v, (1u32 << n) - 1);
        }
        Type::Matrix { columns, .. } => {
            for c in 0..columns {
                let i = b.imm_u32(u32::from(c));
                let s = b.deref_array(src, i);
                let d = b.deref_array(dst, i);
                copy_leaves(b, d, s, depth + 1);
            }
        }
        Type::Array { len, .. } => {
            for e in 0..len {
                let i = b.imm_u32(e);
                let s = b.deref_array(src, i);
                let d = b.deref_array(dst, i);
                copy_leaves(b, d, s, depth + 1);
            }
        }
        Type::Struct { fields, .. } => {
            for k in 0..fields.len() as u32 {
                let s = b.deref_struct(src, k);
                let d = b.deref_struct(dst, k);
                copy_leaves(b, d, s, depth + 1);
            }
        }
        _ => {}
    }
}

/// Copies a type from one shader's arena into another's.
fn import_type(from: &Types, ty: TypeId, to: &mut Types, depth: u32) -> Result<TypeId, LinkError> {
    if depth > 64 {
        return Err(LinkError::new("a uniform's type nests too deeply"));
    }
    Ok(match from.get(ty).clone() {
        Type::Array { elem, len, stride } => {
            let e = import_type(from, elem, to, depth + 1)?;
            to.intern(Type::Array {
                elem: e,
                len,
                stride,
            })
        }
        Type::Struct {
            name,
            fields,
            block,
        } => {
            let mut out = Vec::with_capacity(fields.len());
            for f in fields {
                let t = import_type(from, f.ty, to, depth + 1)?;
                out.push(fresnel_ir::Field { ty: t, ..f });
            }
            to.intern(Type::Struct {
                name,
                fields: out,
                block,
            })
        }
        t => to.intern(t),
    })
}

/// The value of a constant as the bytes of its std140 layout, for hosts that fill the
/// block with initializers (`out` must hold the member: `offset + size` bytes).
pub fn write_constant(
    types: &Types,
    ty: TypeId,
    c: &Constant,
    offset: u32,
    matrix_stride: Option<u32>,
    out: &mut [u8],
) {
    match (types.get(ty), c) {
        (Type::Vector { base, bits, .. }, Constant::Vector(vals)) => {
            let s = if *base == fresnel_ir::BaseType::Bool {
                4
            } else {
                usize::from(*bits / 8).max(1)
            };
            for (i, v) in vals.iter().enumerate() {
                let at = offset as usize + i * s;
                if let Some(dst) = out.get_mut(at..at + s) {
                    dst.copy_from_slice(&v.to_le_bytes()[..s]);
                }
            }
        }
        (Type::Matrix { bits, rows, .. }, Constant::Composite(cols)) => {
            let stride = matrix_stride.unwrap_or(16);
            let col_ty = (*bits, *rows);
            for (i, col) in cols.iter().enumerate() {
                if let Constant::Vector(vals) = col {
                    let s = usize::from(col_ty.0 / 8).max(1);
                    for (r, v) in vals.iter().enumerate() {
                        let at = offset as usize + i * stride as usize + r * s;
                        if let Some(dst) = out.get_mut(at..at + s) {
                            dst.copy_from_slice(&v.to_le_bytes()[..s]);
                        }
                    }
                }
            }
        }
        (Type::Array { elem, stride, .. }, Constant::Composite(elems)) => {
            for (i, e) in elems.iter().enumerate() {
                write_constant(
                    types,
                    *elem,
                    e,
                    offset.saturating_add(stride.saturating_mul(i as u32)),
                    matrix_stride,
                    out,
                );
            }
        }
        (Type::Struct { fields, .. }, Constant::Composite(ms)) => {
            for (f, m) in fields.iter().zip(ms) {
                write_constant(
                    types,
                    f.ty,
                    m,
                    offset.saturating_add(f.offset.unwrap_or(0)),
                    f.matrix_stride,
                    out,
                );
            }
        }
        _ => {}
    }
}
