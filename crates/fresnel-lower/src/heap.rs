//! GL_EXT_descriptor_heap and GL_EXT_structured_descriptor_heap: heap variables.
//!
//! A `descriptor_heap` array (`layout(descriptor_heap) buffer B { ... } b[];`) is lowered as
//! the array of blocks or opaque objects it declares, of its ordinary mode, with
//! [`fresnel_ir::Heap`] in place of a binding. A `resourceheap` / `samplerheap` block is a
//! `ubo` variable of its struct type laid out by [`ir_heap_type`] (scalar rules, no byte
//! offsets: descriptor sizes belong to the client API), with its `heap_offset`; a
//! `buffer_type` member is entered through a `deref_cast` to its block
//! ([`crate::expr`]'s `heap_buffer`).

use fresnel_ir::{Field, Heap, HeapKind, HeapOffset, Type, TypeId, Types, VarMode};
use fresnel_sema::hir::{self, ExprKind, Storage};
use fresnel_sema::memory_layout::Packing;
use fresnel_sema::types::{ArraySize, StructKind, Type as HType, TypeId as HirTypeId};
use fresnel_syntax::intern::Interner;
use fresnel_syntax::source::Span;

use crate::func::{Cx, Global};
use crate::types::{ir_type, Layout};
use crate::LowerError;

/// The heap a `resourceheap` / `samplerheap` block variable describes.
pub fn structured_kind(m: &hir::Module, interner: &Interner, var: &hir::Var) -> Option<HeapKind> {
    match var.storage {
        Storage::Ext(s) => match interner.resolve(s) {
            "resourceheap" => Some(HeapKind::Resource),
            "samplerheap" => Some(HeapKind::Sampler),
            _ => None,
        },
        _ => {
            let _ = m;
            None
        }
    }
}

/// Whether a HIR type is a `buffer_type` block: `Some(true)` for a storage buffer.
pub fn buffer_type(m: &hir::Module, ty: HirTypeId) -> Option<bool> {
    match m.types.get(ty) {
        HType::Struct(s) => {
            let d = m.types.struct_def(*s);
            if d.kind == StructKind::Block {
                d.block_layout.and_then(|l| l.buffer_type)
            } else {
                None
            }
        }
        _ => None,
    }
}

/// Whether a type holds a descriptor (an opaque object or a `buffer_type` block).
fn holds_descriptor(m: &hir::Module, ty: HirTypeId, depth: u32) -> bool {
    if depth > 64 {
        return false;
    }
    match m.types.get(ty) {
        HType::Array { elem, .. } => holds_descriptor(m, *elem, depth + 1),
        HType::Struct(s) => {
            let d = m.types.struct_def(*s);
            if d.kind == StructKind::Block
                && d.block_layout.is_some_and(|l| l.buffer_type.is_none())
            {
                // A buffer reference: a 64-bit address, plain data.
                return false;
            }
            buffer_type(m, ty).is_some()
                || d.members
                    .iter()
                    .any(|mem| holds_descriptor(m, mem.ty, depth + 1))
        }
        HType::Scalar(_) | HType::Vector(..) | HType::Matrix { .. } => false,
        _ => m.types.contains_opaque(ty) || !matches!(m.types.get(ty), HType::Error),
    }
}

/// The IR type of a structured heap block (or of a part of one): plain data laid out by the
/// scalar rules, descriptors as their types (a `buffer_type` block as the block laid out by
/// an opaque buffer descriptor), and no byte offsets or strides where a descriptor is inside (the back
/// end computes them from the client API's descriptor sizes).
pub fn ir_heap_type(
    t: &mut Types,
    m: &hir::Module,
    interner: &Interner,
    ty: HirTypeId,
    row_major: bool,
    span: Span,
    depth: u32,
) -> Result<TypeId, LowerError> {
    if depth > 64 {
        return Err(LowerError::new("type nesting too deep", Some(span)));
    }
    if let Some(storage) = buffer_type(m, ty) {
        let name = if storage {
            Heap::STORAGE_BUFFER
        } else {
            Heap::UNIFORM_BUFFER
        };
        return Ok(t.intern(Type::Opaque(name.to_string())));
    }
    // The heap block itself is always laid out here (no IR offsets); plain parts below it
    // get the scalar layout's.
    if depth > 0 && !holds_descriptor(m, ty, 0) {
        let layout = Layout {
            packing: Packing::Scalar,
            row_major,
        };
        return ir_type(t, m, interner, ty, Some(layout), span);
    }
    Ok(match m.types.get(ty).clone() {
        HType::Array { elem, size } => {
            let e = ir_heap_type(t, m, interner, elem, row_major, span, depth + 1)?;
            let len = match size {
                ArraySize::Fixed(n) => n,
                ArraySize::Unsized => 0,
            };
            t.intern(Type::Array {
                elem: e,
                len,
                stride: 0,
            })
        }
        HType::Struct(sid) => {
            let def = m.types.struct_def(sid);
            let name = def
                .name
                .map_or_else(|| "anon".to_string(), |n| interner.resolve(n).to_string());
            let mut fields = Vec::with_capacity(def.members.len());
            for mem in &def.members {
                let named = |n: &str| {
                    mem.layout
                        .entries
                        .iter()
                        .any(|e| interner.resolve(e.name).eq_ignore_ascii_case(n))
                };
                if depth == 0 && named("descriptor_size") && !holds_descriptor(m, mem.ty, 0) {
                    return Err(LowerError::new(
                        "`descriptor_size` on a member of a heap block holding no descriptor",
                        Some(mem.span),
                    ));
                }
                let rm = mem.layout.row_major.unwrap_or(row_major);
                let fty = ir_heap_type(t, m, interner, mem.ty, rm, span, depth + 1)?;
                let (is_matrix, matrix_stride) = match m.types.get(m.types.innermost(mem.ty)) {
                    HType::Matrix { scalar, cols, rows } => {
                        let n = if rm { *cols } else { *rows };
                        let b = fresnel_sema::memory_layout::scalar_bytes(*scalar) as u32;
                        (true, Some(b * u32::from(n)))
                    }
                    _ => (false, None),
                };
                fields.push(Field {
                    name: interner.resolve(mem.name).to_string(),
                    ty: fty,
                    // An explicit `offset` (only heap block members take one); the back end
                    // lays out the others after the member before them.
                    offset: mem.layout.offset,
                    row_major: is_matrix && rm,
                    matrix_stride,
                });
            }
            t.intern(Type::Struct {
                name,
                fields,
                block: false,
            })
        }
        _ => ir_type(t, m, interner, ty, None, span)?,
    })
}

impl Cx<'_> {
    /// The heap of a global variable: a `descriptor_heap` array or a structured heap
    /// block; `None` for anything else.
    pub(crate) fn heap_of(
        &mut self,
        types: &mut Types,
        var: &hir::Var,
        span: Span,
    ) -> Result<Option<Heap>, LowerError> {
        let m = self.m;
        let named =
            |e: &hir::LayoutEntry, n: &str| self.interner.resolve(e.name).eq_ignore_ascii_case(n);
        if let Some(kind) = structured_kind(m, self.interner, var) {
            let offset = match var
                .quals
                .layout
                .iter()
                .rev()
                .find(|e| named(e, "heap_offset"))
            {
                None => HeapOffset::Const(0),
                Some(e) => self.heap_offset(types, e)?,
            };
            return Ok(Some(Heap {
                kind,
                stride: None,
                offset: Some(offset),
            }));
        }
        if !var.quals.layout.iter().any(|e| named(e, "descriptor_heap")) {
            return Ok(None);
        }
        let elem = match m.types.get(var.ty) {
            HType::Array { elem, .. } => *elem,
            _ => {
                return Err(LowerError::new(
                    "a `descriptor_heap` variable that is not an array",
                    Some(span),
                ))
            }
        };
        if matches!(m.types.get(elem), HType::Array { .. }) {
            return Err(LowerError::new(
                "arrays of arrays in a descriptor heap are not supported",
                Some(span),
            ));
        }
        let kind = if matches!(m.types.get(elem), HType::SamplerState { .. }) {
            HeapKind::Sampler
        } else {
            HeapKind::Resource
        };
        let stride = var
            .quals
            .layout
            .iter()
            .rev()
            .find(|e| named(e, "descriptor_stride"))
            .and_then(|e| e.value)
            .and_then(|v| u32::try_from(v).ok());
        Ok(Some(Heap {
            kind,
            stride,
            offset: None,
        }))
    }

    /// `heap_offset = ...`: a constant, a specialization constant, or a 32-bit integer
    /// member of a uniform, storage or push-constant block.
    fn heap_offset(
        &mut self,
        types: &mut Types,
        e: &hir::LayoutEntry,
    ) -> Result<HeapOffset, LowerError> {
        let m = self.m;
        let bad = |what: &str| {
            LowerError::new(
                format!("`heap_offset = {what}` is not supported: give a constant, a specialization constant, or an integer member of a uniform, storage or push-constant block"),
                Some(e.span),
            )
        };
        let Some(x) = e.expr else {
            return match e.value.map(u32::try_from) {
                Some(Ok(v)) => Ok(HeapOffset::Const(v)),
                _ => Err(bad("a value out of range")),
            };
        };
        if m.is_spec_expr(x) {
            let u = m.spec_unfolded(x).unwrap_or(x);
            if let ExprKind::Var(v) = m.expr(u).kind {
                let cv = m.var(v);
                let id = cv
                    .quals
                    .layout
                    .iter()
                    .find(|l| {
                        self.interner
                            .resolve(l.name)
                            .eq_ignore_ascii_case("constant_id")
                    })
                    .and_then(|l| l.value)
                    .and_then(|v| u32::try_from(v).ok());
                if let Some(id) = id {
                    if !matches!(m.types.get(cv.ty), HType::Scalar(s) if s.bits() == 32 && s.is_int())
                    {
                        return Err(bad(
                            "a specialization constant that is not a 32-bit integer",
                        ));
                    }
                    // Declared with the others (the back end reads its id).
                    self.global(types, v, e.span)?;
                    return Ok(HeapOffset::Spec(id));
                }
            }
            return Err(bad("a specialization-constant expression"));
        }
        if let Some(v) = e.value {
            return u32::try_from(v)
                .map(HeapOffset::Const)
                .map_err(|_| bad("a value out of range"));
        }
        // A member path down to a block variable.
        let mut path = Vec::new();
        let mut cur = x;
        let root = loop {
            match &m.expr(cur).kind {
                ExprKind::Member(b, i) => {
                    path.push(*i);
                    cur = *b;
                }
                ExprKind::Var(v) => break *v,
                _ => return Err(bad("an expression")),
            }
            if path.len() > 64 {
                return Err(bad("an expression"));
            }
        };
        path.reverse();
        let ty = m.expr(x).ty;
        if !matches!(m.types.get(ty), HType::Scalar(s) if s.bits() == 32 && s.is_int()) {
            return Err(bad("a value that is not a 32-bit integer"));
        }
        let var = match self.global(types, root, e.span)? {
            Global::Var(v) => v,
            Global::Member(b, i) => {
                path.insert(0, i);
                b
            }
            _ => return Err(bad("a variable outside a block")),
        };
        if !matches!(
            self.vars[var].mode,
            VarMode::Ubo | VarMode::Ssbo | VarMode::PushConstant
        ) || path.is_empty()
        {
            return Err(bad("a variable outside a block"));
        }
        Ok(HeapOffset::Member { var, path })
    }
}
