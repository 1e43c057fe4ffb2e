//! Expressions: values, places (l-values), loads and stores, operators with GLSL's semantics,
//! conversions, constructors, calls.

use smallvec::SmallVec;

use fresnel_ir::{AluOp, AluSrc, InstrKind, Intrinsic, ValueId, VarMode, Variable};
use fresnel_sema::builtins::{ParamQual, SIGNATURES};
use fresnel_sema::constant::ConstValue;
use fresnel_sema::hir::{self, ExprKind};
use fresnel_sema::types::{Scalar, Type as HType, TypeId as HirTypeId};
use fresnel_syntax::ast::{BinaryOp, UnaryOp};
use fresnel_syntax::source::Span;

use crate::builtins::{lower_builtin_in, wants_real_deref, BuiltinCx};
use crate::func::{FnCx, Global, Local};
use crate::types::{contains_opaque, shape, value_bits, Shape};
use crate::vars::{const_to_ir, vector_bits};
use crate::{Arg, LowerError, Operand};

/// The precision an expression computes at, as glslang assigns it: the checker's where it
/// gave one; else a call's return precision, and for constructors and operators the highest
/// of their operands' (looking at most at `MAX_PRECISION_VISITS` expressions, so nested
/// constructors cost little).
fn effective_precision(m: &hir::Module, e: hir::ExprId) -> Option<fresnel_syntax::ast::Precision> {
    const MAX_PRECISION_VISITS: u32 = 64;
    let mut budget = MAX_PRECISION_VISITS;
    precision_within(m, e, &mut budget)
}

fn precision_within(
    m: &hir::Module,
    e: hir::ExprId,
    budget: &mut u32,
) -> Option<fresnel_syntax::ast::Precision> {
    let ex = m.expr(e);
    if ex.precision.is_some() || *budget == 0 {
        return ex.precision;
    }
    *budget -= 1;
    let mut max_of = |ids: &[hir::ExprId]| {
        ids.iter()
            .filter_map(|a| precision_within(m, *a, budget))
            .max()
    };
    match &ex.kind {
        ExprKind::Call(f, _) => m.function(*f).ret_precision,
        ExprKind::Construct(_, args) => max_of(args),
        ExprKind::Binary(op, a, b) if !is_comparison(*op) => max_of(&[*a, *b]),
        ExprKind::Unary(_, a) | ExprKind::Convert(a) | ExprKind::Swizzle(a, _) => max_of(&[*a]),
        _ => None,
    }
}

/// Operators whose result is a boolean (no precision).
fn is_comparison(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::Eq
            | BinaryOp::Ne
            | BinaryOp::Lt
            | BinaryOp::Gt
            | BinaryOp::Le
            | BinaryOp::Ge
            | BinaryOp::LogicalAnd
            | BinaryOp::LogicalOr
            | BinaryOp::LogicalXor
    )
}

/// Most scalar comparisons one aggregate equality may expand to.
const MAX_EQUALITY_TERMS: usize = 1 << 16;

/// Where an l-value lives.
#[derive(Clone, Debug)]
pub enum Place {
    /// Memory reached through a deref, of a HIR type.
    Deref(ValueId, HirTypeId),
    /// Components of the vector the deref points at (of the HIR vector type).
    Swizzle(ValueId, HirTypeId, SmallVec<[u8; 4]>),
}

fn err(msg: impl Into<String>, span: Span) -> LowerError {
    LowerError::new(msg, Some(span))
}

fn full_mask(n: u8) -> u32 {
    (1u32 << n) - 1
}

impl FnCx<'_, '_, '_> {
    fn ety(&self, e: hir::ExprId) -> HirTypeId {
        self.cx.m.expr(e).ty
    }

    // ---- loads and stores ----

    /// Element `index` of the array, matrix or vector a deref points at.
    pub fn d_array(&mut self, parent: ValueId, index: ValueId) -> Result<ValueId, LowerError> {
        let pty = self.b.deref_of(parent).ty;
        if self.b.types.element(pty).is_none() {
            return Err(err(
                format!("cannot index a `{}`", self.b.types.display(pty)),
                self.span,
            ));
        }
        Ok(self.b.deref_array(parent, index))
    }

    /// Member `field` of the struct a deref points at.
    pub fn d_struct(&mut self, parent: ValueId, field: u32) -> Result<ValueId, LowerError> {
        let pty = self.b.deref_of(parent).ty;
        match self.b.types.get(pty) {
            fresnel_ir::Type::Struct { fields, .. } if (field as usize) < fields.len() => {
                Ok(self.b.deref_struct(parent, field))
            }
            _ => Err(err(
                format!(
                    "member of a `{}` is not supported",
                    self.b.types.display(pty)
                ),
                self.span,
            )),
        }
    }

    /// Loads the scalar or vector a deref points at.
    fn load_vector(&mut self, d: ValueId) -> Result<ValueId, LowerError> {
        let ity = self.b.deref_of(d).ty;
        if self.b.types.value_shape(ity).is_none() {
            return Err(err(
                format!("cannot load a `{}`", self.b.types.display(ity)),
                self.span,
            ));
        }
        Ok(self.b.load_deref(d))
    }

    /// Loads what a deref of HIR type `ty` points at (aggregates stay as the deref).
    pub fn load(&mut self, d: ValueId, ty: HirTypeId) -> Result<Operand, LowerError> {
        let ity = self.b.deref_of(d).ty;
        Ok(match shape(self.cx.m, ty) {
            Shape::Value { .. } => {
                if self.b.types.value_shape(ity).is_none() {
                    return Err(err(
                        format!("cannot load a `{}`", self.b.types.display(ity)),
                        self.span,
                    ));
                }
                Operand::Value(self.b.load_deref(d))
            }
            Shape::Matrix { cols, .. } => {
                let mut out = SmallVec::new();
                for c in 0..cols {
                    let i = self.b.imm_i32(i32::from(c));
                    let dc = self.d_array(d, i)?;
                    out.push(self.b.load_deref(dc));
                }
                Operand::Matrix(out)
            }
            Shape::Memory | Shape::Void => Operand::Deref(d),
        })
    }

    /// Stores an operand of HIR type `ty` through a deref.
    pub fn store(&mut self, d: ValueId, ty: HirTypeId, op: &Operand) -> Result<(), LowerError> {
        let dty = self.b.deref_of(d).ty;
        if self.vendor_store(d, op)? {
            return Ok(());
        }
        match (shape(self.cx.m, ty), op) {
            (Shape::Value { n, .. }, Operand::Value(v))
                if self.b.types.value_shape(dty).map(|s| s.1) == Some(n)
                    && self.b.num_components(*v) == n =>
            {
                self.b.store_deref(d, *v, full_mask(n));
            }
            (Shape::Matrix { rows, .. }, Operand::Matrix(cols)) => {
                for (c, v) in cols.iter().enumerate() {
                    let i = self.b.imm_i32(c as i32);
                    let dc = self.d_array(d, i)?;
                    self.b.store_deref(dc, *v, full_mask(rows));
                }
            }
            (_, Operand::Deref(s)) => {
                if *s != d {
                    self.copy_mem(d, *s, ty, &mut 0)?;
                }
            }
            (sh, _) => {
                return Err(err(
                    format!(
                        "cannot store a value of shape {sh:?} into a `{}`",
                        self.b.types.display(dty)
                    ),
                    self.span,
                ))
            }
        }
        Ok(())
    }

    /// Copies memory of HIR type `ty`: one `copy_deref` when both sides have the same IR
    /// type, else member by member (blocks with explicit layouts against plain types).
    fn copy_mem(
        &mut self,
        dst: ValueId,
        src: ValueId,
        ty: HirTypeId,
        count: &mut usize,
    ) -> Result<(), LowerError> {
        *count += 1;
        if *count > MAX_EQUALITY_TERMS {
            return Err(err("copy of too large an aggregate", self.span));
        }
        let (dt, st) = (self.b.deref_of(dst).ty, self.b.deref_of(src).ty);
        if dt == st {
            self.b.copy_deref(dst, src);
            return Ok(());
        }
        if self.vendor_store(dst, &Operand::Deref(src))? {
            return Ok(());
        }
        let m = self.cx.m;
        match shape(m, ty) {
            Shape::Value { .. } | Shape::Matrix { .. } => {
                let v = self.load(src, ty)?;
                self.store(dst, ty, &v)
            }
            Shape::Void => Ok(()),
            Shape::Memory => match m.types.get(ty).clone() {
                HType::Struct(sid) => {
                    let members: Vec<HirTypeId> = m
                        .types
                        .struct_def(sid)
                        .members
                        .iter()
                        .map(|x| x.ty)
                        .collect();
                    for (i, mty) in members.into_iter().enumerate() {
                        let a = self.d_struct(dst, i as u32)?;
                        let b = self.d_struct(src, i as u32)?;
                        self.copy_mem(a, b, mty, count)?;
                    }
                    Ok(())
                }
                HType::Array { elem, .. } => {
                    let n = crate::types::array_len(m, ty).unwrap_or(0);
                    if n as usize > MAX_EQUALITY_TERMS {
                        return Err(err("copy of too large an array", self.span));
                    }
                    for i in 0..n {
                        let k = self.b.imm_u32(i);
                        let a = self.d_array(dst, k)?;
                        let b = self.d_array(src, k)?;
                        self.copy_mem(a, b, elem, count)?;
                    }
                    Ok(())
                }
                _ => Err(err(
                    format!(
                        "cannot copy a `{}` to a `{}`",
                        self.b.types.display(st),
                        self.b.types.display(dt)
                    ),
                    self.span,
                )),
            },
        }
    }

    pub fn load_place(&mut self, p: &Place) -> Result<Operand, LowerError> {
        Ok(match p {
            Place::Deref(d, ty) => self.load(*d, *ty)?,
            Place::Swizzle(d, _, comps) => {
                let v = self.load_vector(*d)?;
                Operand::Value(self.b.swizzle(v, comps))
            }
        })
    }

    pub fn store_place(&mut self, p: &Place, op: &Operand) -> Result<(), LowerError> {
        match p {
            Place::Deref(d, ty) => self.store(*d, *ty, op)?,
            Place::Swizzle(d, vty, comps) => {
                let Operand::Value(v) = op else {
                    return Err(err("storing a non-vector into a swizzle", self.span));
                };
                let ity = self.b.deref_of(*d).ty;
                if self.b.types.value_shape(ity).is_none() {
                    return Err(err(
                        format!("cannot store into a `{}`", self.b.types.display(ity)),
                        self.span,
                    ));
                }
                let n = match shape(self.cx.m, *vty) {
                    Shape::Value { n, .. } => n,
                    _ => 1,
                };
                let mut pairs: SmallVec<[(ValueId, u8); 4]> = SmallVec::new();
                let mut mask = 0u32;
                for j in 0..n {
                    match comps.iter().position(|c| *c == j) {
                        Some(k) => {
                            pairs.push((*v, k as u8));
                            mask |= 1 << j;
                        }
                        None => pairs.push((*v, 0)),
                    }
                }
                let full = self.b.vec_from(&pairs);
                self.b.store_deref(*d, full, mask);
            }
        }
        Ok(())
    }

    /// The single value of a scalar or vector operand.
    pub fn value_of(&mut self, op: Operand, span: Span) -> Result<ValueId, LowerError> {
        match op {
            Operand::Value(v) => Ok(v),
            _ => Err(err("expected a scalar or vector value", span)),
        }
    }

    /// A scalar or vector expression's value.
    pub fn expr_value(&mut self, e: hir::ExprId) -> Result<ValueId, LowerError> {
        let span = self.cx.m.expr(e).span;
        let op = self.expr(e)?;
        self.value_of(op, span)
    }

    /// An expression that has a value.
    pub fn expr(&mut self, e: hir::ExprId) -> Result<Operand, LowerError> {
        let span = self.cx.m.expr(e).span;
        self.expr_opt(e)?
            .ok_or_else(|| err("a void expression used as a value", span))
    }

    // ---- constants ----

    pub fn const_operand(
        &mut self,
        c: &ConstValue,
        ty: HirTypeId,
        span: Span,
    ) -> Result<Operand, LowerError> {
        let m = self.cx.m;
        if crate::vendor::contains_vendor(m, ty) {
            return self.vendor_const(c, ty, span);
        }
        Ok(match shape(m, ty) {
            Shape::Value { scalar, n } => {
                let bits = vector_bits(c, usize::from(n));
                Operand::Value(self.b.constant(value_bits(scalar), &bits))
            }
            Shape::Matrix { scalar, cols, rows } => {
                // Inline up to a `mat4` (performance).
                let all: SmallVec<[u64; 16]> = match c {
                    ConstValue::Composite(v) if v.len() == usize::from(cols) => v
                        .iter()
                        .flat_map(|col| vector_bits(col, usize::from(rows)))
                        .collect(),
                    other => vector_bits(other, usize::from(cols) * usize::from(rows))
                        .into_iter()
                        .collect(),
                };
                let mut out = SmallVec::new();
                for ch in all.chunks(usize::from(rows)) {
                    out.push(self.b.constant(value_bits(scalar), ch));
                }
                Operand::Matrix(out)
            }
            Shape::Memory => {
                let ity = crate::types::ir_type(self.b.types, m, self.cx.interner, ty, None, span)?;
                let init = const_to_ir(m, c, ty);
                let key = (ity, init);
                let id = match self.cx.const_values.get(&key) {
                    Some(id) => *id,
                    None => {
                        let mut v = Variable::new("const", ity, VarMode::Global);
                        v.init = Some(key.1.clone());
                        let id = self.cx.vars.push(v);
                        self.cx.const_values.insert(key, id);
                        id
                    }
                };
                Operand::Deref(self.deref_var(id))
            }
            Shape::Void => return Err(err("a void constant", span)),
        })
    }

    fn const_index(&self, e: hir::ExprId) -> Option<u32> {
        if self.cx.m.is_spec_expr(e) {
            return None;
        }
        match &self.cx.m.expr(e).kind {
            ExprKind::Const(c) => {
                let b = crate::vars::scalar_bits(c);
                u32::try_from(b).ok()
            }
            _ => None,
        }
    }

    /// An index value as a 32-bit integer.
    fn index_value(&mut self, e: hir::ExprId) -> Result<ValueId, LowerError> {
        let ty = self.ety(e);
        let v = self.expr_value(e)?;
        if self.b.bit_size(v) == 32 {
            return Ok(v);
        }
        let signed = self
            .cx
            .m
            .types
            .scalar_of(ty)
            .is_some_and(|s| s.is_signed_int());
        Ok(self
            .b
            .conv(if signed { AluOp::I2i } else { AluOp::U2u }, 32, v))
    }

    // ---- variables and places ----

    /// The deref of a variable (for places).
    fn var_deref(&mut self, v: hir::VarId, span: Span) -> Result<ValueId, LowerError> {
        if let Some(l) = self.locals.get(&v) {
            return match l.clone() {
                Local::Var(iv) => Ok(self.deref_var(iv)),
                Local::Operand(Operand::Deref(d)) => Ok(d),
                Local::Operand(_) => Err(err("a parameter used as memory", span)),
            };
        }
        let m = self.cx.m;
        let var = m.var(v);
        if matches!(var.storage, hir::Storage::Local | hir::Storage::Param(_)) {
            // A local whose declaration was skipped (a constant) or not yet reached.
            if let Some(c) = &var.constant {
                let op = self.const_operand(c, var.ty, span)?;
                return self.spill(op, var.ty, span);
            }
            let name = self.cx.interner.resolve(var.name).to_string();
            let iv = self.temp(&name, var.ty, span)?;
            self.locals.insert(v, Local::Var(iv));
            return Ok(self.deref_var(iv));
        }
        match self.cx.global(self.b.types, v, span)? {
            Global::Var(iv) => Ok(self.deref_var(iv)),
            Global::Member(bv, i) => {
                let d = self.deref_var(bv);
                Ok(self.d_struct(d, i)?)
            }
            Global::Const => {
                if crate::vendor::contains_vendor(m, var.ty) {
                    if let Some(c) = &var.constant {
                        let op = self.vendor_const(c, var.ty, span)?;
                        return self.spill(op, var.ty, span);
                    }
                    // A constant of a vendor type the checker could not fold (`const
                    // fe2m1vec2 v = fe2m1vec2(c, c);`): its initializer, evaluated where it
                    // is read (a constant expression, so every evaluation is the same).
                    if let Some(init) = var.init {
                        let op = self.expr(init)?;
                        return self.spill(op, var.ty, span);
                    }
                }
                if let Some(cv) = self.cx.const_vars.get(&v) {
                    let cv = *cv;
                    return Ok(self.deref_var(cv));
                }
                let c = var
                    .constant
                    .clone()
                    .ok_or_else(|| err("a constant without a value", span))?;
                let ity =
                    crate::types::ir_type(self.b.types, m, self.cx.interner, var.ty, None, span)?;
                let mut iv =
                    Variable::new(self.cx.interner.resolve(var.name), ity, VarMode::Global);
                iv.init = Some(const_to_ir(m, &c, var.ty));
                iv.builtin = var.builtin;
                let id = self.cx.vars.push(iv);
                self.cx.const_vars.insert(v, id);
                Ok(self.deref_var(id))
            }
            Global::BuiltinBlock => Err(err(
                "a built-in block used as a whole is not supported",
                span,
            )),
        }
    }

    /// Puts an operand in memory (a temporary) and returns the deref.
    pub(crate) fn spill(
        &mut self,
        op: Operand,
        ty: HirTypeId,
        span: Span,
    ) -> Result<ValueId, LowerError> {
        if let Operand::Deref(d) = op {
            return Ok(d);
        }
        let t = self.temp("tmp", ty, span)?;
        let d = self.deref_var(t);
        self.store(d, ty, &op)?;
        Ok(d)
    }

    /// Whether an expression names memory (a variable or a part of one).
    pub(crate) fn is_place(&self, e: hir::ExprId) -> bool {
        let m = self.cx.m;
        match &m.expr(e).kind {
            ExprKind::Var(v) => {
                let var = m.var(*v);
                var.constant.is_none() || matches!(shape(m, var.ty), Shape::Memory)
            }
            // A member of a buffer reference is memory wherever the reference comes from.
            ExprKind::Member(b, _) if self.is_ref_value(*b) => true,
            // `reference[i]` is the address `reference + i` (GL_EXT_buffer_reference2).
            ExprKind::Index(b, _) if self.is_ref_value(*b) => false,
            ExprKind::Member(b, _) | ExprKind::Index(b, _) | ExprKind::Swizzle(b, _) => {
                self.is_place(*b)
            }
            _ => false,
        }
    }

    /// Whether a block-typed expression is a buffer reference value (GL_EXT_buffer_reference)
    /// rather than a block instance (or an element of an instance array); as the checker
    /// decides.
    pub(crate) fn is_ref_value(&self, e: hir::ExprId) -> bool {
        let m = self.cx.m;
        if !m.types.is_block(self.ety(e)) {
            return false;
        }
        let mut cur = e;
        loop {
            match &m.expr(cur).kind {
                ExprKind::Index(b, _) => cur = *b,
                ExprKind::Var(v) => return crate::types::holds_references(m, m.var(*v)),
                _ => return true,
            }
        }
    }

    /// A `buffer_type` descriptor inside a structured heap block (GL_EXT_structured_
    /// descriptor_heap): `Some(true)` for a storage buffer, `Some(false)` for a uniform one.
    pub(crate) fn heap_buffer(&self, e: hir::ExprId) -> Option<bool> {
        let m = self.cx.m;
        let storage = crate::heap::buffer_type(m, self.ety(e))?;
        let mut cur = e;
        loop {
            match &m.expr(cur).kind {
                ExprKind::Index(b, _) | ExprKind::Member(b, _) => cur = *b,
                ExprKind::Var(v) => {
                    return crate::heap::structured_kind(m, self.cx.interner, m.var(*v))
                        .map(|_| storage)
                }
                _ => return None,
            }
        }
    }

    /// The deref of the block a buffer reference expression points at: the address value
    /// cast to the block type in `phys_ssbo` memory.
    fn ref_deref(&mut self, e: hir::ExprId) -> Result<ValueId, LowerError> {
        let m = self.cx.m;
        let bty = self.ety(e);
        let span = m.expr(e).span;
        let addr = self.expr_value(e)?;
        let layout = crate::types::reference_layout(m, bty);
        let ity = crate::types::ir_block_type(
            self.b.types,
            m,
            self.cx.interner,
            bty,
            Some(layout),
            span,
        )?;
        Ok(self.b.deref_cast(addr, ity, VarMode::PhysicalStorageBuffer))
    }

    /// The built-in block variable an expression names (`gl_in`), if it is one.
    fn builtin_block(&mut self, e: hir::ExprId) -> Option<hir::VarId> {
        let m = self.cx.m;
        if let ExprKind::Var(v) = m.expr(e).kind {
            // The flags first: most variables are not built-in (performance: no hash
            // look-up of the locals for them).
            let var = m.var(v);
            if !var.builtin || var.block_member.is_some() || self.locals.contains_key(&v) {
                return None;
            }
            if matches!(
                self.cx.global(self.b.types, v, var.span),
                Ok(Global::BuiltinBlock)
            ) {
                return Some(v);
            }
        }
        None
    }

    /// The place an l-value expression names.
    pub fn place(&mut self, e: hir::ExprId) -> Result<Place, LowerError> {
        self.place_of(e, false)
    }

    /// [`FnCx::place`] of an expression already known to satisfy [`FnCx::is_place`]
    /// (performance: `is_place` walks the whole access chain, so asking it again at every
    /// level of a chain is quadratic in its depth).
    fn place_known(&mut self, e: hir::ExprId) -> Result<Place, LowerError> {
        self.place_of(e, true)
    }

    /// [`FnCx::place`]; `known`: `is_place(e)` holds. (When a member or index expression
    /// is a place and its base is not a buffer reference value, its base is a place too.)
    fn place_of(&mut self, e: hir::ExprId, known: bool) -> Result<Place, LowerError> {
        debug_assert!(!known || self.is_place(e));
        let m = self.cx.m;
        let ex = m.expr(e);
        let (ty, span) = (ex.ty, ex.span);
        match &ex.kind {
            ExprKind::Var(v) if known || self.is_place(e) => {
                Ok(Place::Deref(self.var_deref(*v, span)?, ty))
            }
            // A member of a `buffer_type` descriptor in a structured heap: the descriptor
            // entered as its block, in the buffer's memory.
            ExprKind::Member(base, i) if self.heap_buffer(*base).is_some() => {
                let storage = self.heap_buffer(*base) == Some(true);
                let Place::Deref(d, _) = self.place(*base)? else {
                    return Err(err("a heap buffer through a swizzle", span));
                };
                let m = self.cx.m;
                let hty = self.ety(*base);
                let layout = crate::types::reference_layout(m, hty);
                let bty = crate::types::ir_block_type(
                    self.b.types,
                    m,
                    self.cx.interner,
                    hty,
                    Some(layout),
                    span,
                )?;
                let mode = if storage { VarMode::Ssbo } else { VarMode::Ubo };
                let b = self.b.deref_cast(d, bty, mode);
                Ok(Place::Deref(self.d_struct(b, *i)?, ty))
            }
            ExprKind::Member(base, i) if self.is_ref_value(*base) => {
                let d = self.ref_deref(*base)?;
                Ok(Place::Deref(self.d_struct(d, *i)?, ty))
            }
            ExprKind::Member(base, i) if known || self.is_place(e) => {
                // gl_in[i].gl_Position, gl_out[i].x: flattened arrayed variables.
                if let ExprKind::Index(arr, idx) = m.expr(*base).kind {
                    if let Some(bv) = self.builtin_block(arr) {
                        let fv = self.cx.block_array_member(self.b.types, bv, *i, span)?;
                        let iv = self.index_value(idx)?;
                        let d = self.deref_var(fv);
                        return Ok(Place::Deref(self.d_array(d, iv)?, ty));
                    }
                }
                if let Some(bv) = self.builtin_block(*base) {
                    let fv = self.cx.block_array_member(self.b.types, bv, *i, span)?;
                    return Ok(Place::Deref(self.deref_var(fv), ty));
                }
                match self.place_of(*base, true)? {
                    Place::Deref(d, _) => Ok(Place::Deref(self.d_struct(d, *i)?, ty)),
                    Place::Swizzle(..) => Err(err("member of a swizzle", span)),
                }
            }
            ExprKind::Index(base, idx) if known || self.is_place(e) => match self
                .place_of(*base, true)?
            {
                Place::Deref(d, _) => {
                    let iv = match self.const_index(*idx) {
                        Some(k) => self.b.imm_u32(k),
                        None => self.index_value(*idx)?,
                    };
                    Ok(Place::Deref(self.d_array(d, iv)?, ty))
                }
                Place::Swizzle(d, vty, comps) => match self.const_index(*idx) {
                    Some(k) if (k as usize) < comps.len() => Ok(Place::Swizzle(
                        d,
                        vty,
                        SmallVec::from_slice(&[comps[k as usize]]),
                    )),
                    _ => {
                        // The component the swizzle maps the index to, then that component.
                        let iv = self.index_value(*idx)?;
                        let pick = match comps.len() {
                            2 => Some(AluOp::Vextract2),
                            3 => Some(AluOp::Vextract3),
                            4 => Some(AluOp::Vextract4),
                            _ => None,
                        };
                        let c = match pick {
                            // The swizzle's components as a constant vector, indexed by the
                            // value (out of range is undefined, as for the place itself).
                            Some(op) if self.b.bit_size(iv) == 32 => {
                                let bits: Vec<u64> = comps.iter().map(|c| u64::from(*c)).collect();
                                let table = self.b.constant(32, &bits);
                                let srcs = [AluSrc::new(table), AluSrc::new(iv)];
                                self.b.alu_n(op, 1, &srcs)
                            }
                            _ => {
                                let items: Vec<ValueId> = comps
                                    .iter()
                                    .map(|c| self.b.imm_u32(u32::from(*c)))
                                    .collect();
                                self.pick(&items, iv)
                            }
                        };
                        Ok(Place::Deref(self.d_array(d, c)?, ty))
                    }
                },
            },
            ExprKind::Swizzle(base, comps) if known || self.is_place(e) => {
                let bty = self.ety(*base);
                match self.place_of(*base, true)? {
                    Place::Deref(d, _) => Ok(Place::Swizzle(d, bty, comps.clone())),
                    Place::Swizzle(d, vty, inner) => Ok(Place::Swizzle(
                        d,
                        vty,
                        comps
                            .iter()
                            .map(|c| inner.get(usize::from(*c)).copied().unwrap_or(0))
                            .collect(),
                    )),
                }
            }
            _ => {
                let op = self.expr(e)?;
                Ok(Place::Deref(self.spill(op, ty, span)?, ty))
            }
        }
    }

    // ---- expressions ----

    /// An expression; `None` for `void` calls.
    pub fn expr_opt(&mut self, e: hir::ExprId) -> Result<Option<Operand>, LowerError> {
        let start = self.b.func.values.len();
        let r = self.expr_opt_unmarked(e)?;
        Ok(r.map(|op| self.mark_result(e, start, op)))
    }

    /// Marks the result of expression `e` (lowered from value number `start` on) with what
    /// SPIR-V decorates (issue 5), as glslang does:
    ///
    /// * non-uniform: `nonuniformEXT(x)`, and reads of variables declared `nonuniformEXT`,
    ///   give a marked `mov` of the value (glslang's decorated `OpCopyObject` / load); an
    ///   opaque or aggregate operand has its deref(s) marked instead. What is computed from a
    ///   marked value (indices, access chains, loads through them) is marked by the back end.
    /// * relaxed precision: the values this expression's own operation made, when its
    ///   precision is `mediump`/`lowp` (a value a sub-expression made keeps that one's
    ///   precision, so conversions between precisions change nothing, as in glslang).
    fn mark_result(&mut self, e: hir::ExprId, start: usize, op: Operand) -> Operand {
        self.mark_precision(e, start, &op);
        // Nothing is non-uniform in most shaders (performance: no call per expression).
        if self.cx.m.nonuniform_exprs.is_empty() && !self.cx.any_nonuniform_var {
            return op;
        }
        self.mark_non_uniform_operand(e, op)
    }

    /// The relaxed-precision part of [`FnCx::mark_result`]. A compound assignment
    /// (`a op= b`) computes at the higher precision of its two sides, as glslang does.
    fn mark_precision(&mut self, e: hir::ExprId, start: usize, op: &Operand) {
        use fresnel_syntax::ast::Precision;
        let m = self.cx.m;
        // The precision is looked up only when a value could be marked (performance).
        let relaxed_of = || {
            let ex = m.expr(e);
            let precision = match ex.kind {
                ExprKind::Assign {
                    op: Some(_),
                    lhs,
                    rhs,
                } => effective_precision(m, lhs)
                    .into_iter()
                    .chain(effective_precision(m, rhs))
                    .max(),
                ExprKind::Assign { .. } => None,
                _ => effective_precision(m, e),
            };
            matches!(precision, Some(Precision::Medium | Precision::Low))
        };
        let mut relaxed: Option<bool> = None;
        // Borrowed from the operand (performance: no list built per expression).
        let mine: &[ValueId] = match op {
            Operand::Value(v) => std::slice::from_ref(v),
            Operand::Matrix(cols) => &cols[..],
            _ => &[],
        };
        for &v in mine {
            if (v.0 as usize) < start || !self.claimed.insert(v.0 as usize) {
                continue;
            }
            let f = &*self.b.func;
            let def = &f.values[v];
            let computed = matches!(
                f.instrs[def.def].kind,
                InstrKind::Alu(_)
                    | InstrKind::Tex(_)
                    | InstrKind::Intrinsic(_)
                    | InstrKind::Call { .. }
            );
            if computed && def.bit_size == 32 && *relaxed.get_or_insert_with(relaxed_of) {
                self.b.func.mark_relaxed(v);
            }
        }
    }

    /// The non-uniform part of [`FnCx::mark_result`] (also for opaque arguments of
    /// built-ins, which are not lowered as values).
    fn mark_non_uniform_operand(&mut self, e: hir::ExprId, op: Operand) -> Operand {
        let m = self.cx.m;
        let ex = m.expr(e);
        let non_uniform = (!m.nonuniform_exprs.is_empty() && m.nonuniform_exprs.contains(&e))
            || (self.cx.any_nonuniform_var
                && matches!(
                    ex.kind,
                    ExprKind::Var(_)
                        | ExprKind::Member(..)
                        | ExprKind::Index(..)
                        | ExprKind::Swizzle(..)
                )
                && self.root_var(e).is_some_and(|v| self.is_nonuniform_var(v)));
        if !non_uniform {
            return op;
        }
        match op {
            Operand::Value(v) if !self.b.is_dead() => {
                let nv = self.b.alu(AluOp::Mov, &[v]);
                self.b.func.set_flags(nv, self.b.func.flags(v));
                self.b.func.mark_non_uniform(nv);
                self.claimed.insert(nv.0 as usize);
                Operand::Value(nv)
            }
            Operand::Deref(d) => {
                self.b.func.mark_non_uniform(d);
                Operand::Deref(d)
            }
            Operand::Combined { texture, sampler } => {
                self.b.func.mark_non_uniform(texture);
                self.b.func.mark_non_uniform(sampler);
                Operand::Combined { texture, sampler }
            }
            other => other,
        }
    }

    /// A variable declared with the `nonuniformEXT` qualifier.
    fn is_nonuniform_var(&self, v: hir::VarId) -> bool {
        self.cx
            .m
            .var(v)
            .quals
            .ext
            .iter()
            .any(|q| self.cx.interner.resolve(*q) == "nonuniformEXT")
    }

    fn expr_opt_unmarked(&mut self, e: hir::ExprId) -> Result<Option<Operand>, LowerError> {
        let m = self.cx.m;
        let ex = m.expr(e);
        let (ty, span) = (ex.ty, ex.span);
        self.span = span;
        // A constant computed from specialization constants: computed in code from them
        // (performance: the table is usually empty; no hash per expression then).
        if !m.spec_unfolded.is_empty() {
            if let Some(u) = m.spec_unfolded(e) {
                return self.expr_opt(u);
            }
        }
        // Operations on vendor extension types (crate::vendor). Without a vendor type only
        // built-in calls can be one (performance: no call per expression; `vendor_expr`
        // decides).
        if self.cx.any_vendor || matches!(ex.kind, ExprKind::Builtin(..)) {
            if let Some(r) = self.vendor_expr(e)? {
                return Ok(r);
            }
        }
        let op = match &ex.kind {
            ExprKind::Var(v) => {
                if let Some(Local::Operand(op)) = self.locals.get(v) {
                    return Ok(Some(op.clone()));
                }
                if let Some(op) = self.spec_constant_read(*v, ty, span)? {
                    return Ok(Some(op));
                }
                let var = m.var(*v);
                match &var.constant {
                    Some(c) if !matches!(shape(m, var.ty), Shape::Memory) => {
                        self.const_operand(c, ty, span)?
                    }
                    _ => {
                        // A variable that is not a plain constant names memory.
                        let p = self.place_known(e)?;
                        self.load_place(&p)?
                    }
                }
            }
            ExprKind::Const(c) => self.const_operand(c, ty, span)?,
            ExprKind::Member(base, i) => {
                if self.is_place(e) {
                    let p = self.place_known(e)?;
                    self.load_place(&p)?
                } else {
                    let bty = self.ety(*base);
                    let b = self.expr(*base)?;
                    let d = self.spill(b, bty, span)?;
                    let dm = self.d_struct(d, *i)?;
                    self.load(dm, ty)?
                }
            }
            ExprKind::Index(base, idx) if self.is_ref_value(*base) => {
                let bty = self.ety(*base);
                let iv = self.expr(*base)?;
                let k = self.expr(*idx)?;
                let kty = self.ety(*idx);
                self.reference_arith(BinaryOp::Add, iv, bty, k, kty, span)?
            }
            ExprKind::Index(base, idx) => {
                if self.is_place(e) {
                    let p = self.place_known(e)?;
                    self.load_place(&p)?
                } else {
                    self.index_rvalue(*base, *idx, ty, span)?
                }
            }
            ExprKind::Swizzle(base, comps) => {
                if self.is_place(e) {
                    let p = self.place_known(e)?;
                    self.load_place(&p)?
                } else {
                    let v = self.expr_value(*base)?;
                    Operand::Value(self.b.swizzle(v, comps))
                }
            }
            ExprKind::Unary(op, a) => self.unary(*op, *a, ty, span)?,
            ExprKind::Binary(op, a, b) => self.binary_expr(*op, *a, *b, ty, span)?,
            ExprKind::Assign { op, lhs, rhs } => {
                let lty = self.ety(*lhs);
                let exact_from = self.b.func.instrs.len();
                let p = self.place(*lhs)?;
                let val = match op {
                    None => self.expr(*rhs)?,
                    Some(bop) => {
                        let old = self.load_place(&p)?;
                        let mut r = self.expr(*rhs)?;
                        let rty = self.ety(*rhs);
                        // The checker leaves the right side of `a op= b` unconverted: convert
                        // it to the left side's component type (shift counts keep theirs).
                        // (`binary` reads only the shape of the right side's type.)
                        let (ls, rs) = (m.types.scalar_of(lty), m.types.scalar_of(rty));
                        if let (Some(ls), Some(rs)) = (ls, rs) {
                            if ls != rs && !matches!(bop, BinaryOp::Shl | BinaryOp::Shr) {
                                r = match r {
                                    Operand::Value(v) => {
                                        Operand::Value(self.convert_value(v, rs, ls))
                                    }
                                    Operand::Matrix(cols) => Operand::Matrix(
                                        cols.iter()
                                            .map(|c| self.convert_value(*c, rs, ls))
                                            .collect(),
                                    ),
                                    d => d,
                                };
                            }
                        }
                        self.binary(*bop, old, lty, r, rty, span)?
                    }
                };
                self.store_place(&p, &val)?;
                if self.root_var(*lhs).is_some_and(|v| m.var(v).quals.precise) {
                    self.mark_exact(exact_from);
                }
                match (&p, &val) {
                    (Place::Deref(d, _), Operand::Deref(_)) => Operand::Deref(*d),
                    _ => val,
                }
            }
            ExprKind::Select {
                cond,
                then_expr,
                else_expr,
            } => return self.select(*cond, *then_expr, *else_expr, ty, span),
            ExprKind::Comma(list) => {
                let mut last = None;
                for x in list {
                    last = self.expr_opt(*x)?;
                }
                return Ok(last);
            }
            ExprKind::Call(f, args) => return self.call(*f, args, span),
            ExprKind::SubroutineCall(callee, args) => {
                return self.subroutine_call(*callee, args, ty, span)
            }
            ExprKind::Builtin(f, args) => return self.builtin(*f, args, ty, span),
            ExprKind::Construct(cty, args) => self.construct(*cty, args, span)?,
            ExprKind::Convert(a) => {
                let aty = self.ety(*a);
                let v = self.expr(*a)?;
                self.convert(v, aty, ty, span)?
            }
            ExprKind::ArrayLength(a) => {
                let d = match self.place(*a)? {
                    Place::Deref(d, _) => d,
                    Place::Swizzle(..) => return Err(err("length of a swizzle", span)),
                };
                if let Some(n) = self.known_array_length(d) {
                    // An implicitly sized array, sized by its uses.
                    return Ok(Some(Operand::Value(self.b.imm_i32(n as i32))));
                }
                let v = self
                    .b
                    .intrinsic(Intrinsic::DerefBufferArrayLength, &[d], 1, 32, &[])
                    .expect("has a result");
                // A 64-bit length (GL_EXT_shader_64bit_indexing) from the 32-bit query.
                match m.types.scalar_of(ty) {
                    Some(s) if s.bits() == 64 => Operand::Value(self.b.conv(
                        if s.is_signed_int() {
                            AluOp::I2i
                        } else {
                            AluOp::U2u
                        },
                        64,
                        v,
                    )),
                    _ => Operand::Value(v),
                }
            }
            // A string literal (debugPrintfEXT's format, or a statement of its own) has no value.
            ExprKind::StrLit(_) => return Ok(None),
            ExprKind::Error => return Err(err("an erroneous expression", span)),
        };
        Ok(Some(op))
    }

    /// `base[idx]` of a value that is not in a variable.
    fn index_rvalue(
        &mut self,
        base: hir::ExprId,
        idx: hir::ExprId,
        ty: HirTypeId,
        span: Span,
    ) -> Result<Operand, LowerError> {
        let b = self.expr(base)?;
        let k = self.const_index(idx);
        match b {
            Operand::Deref(d) => {
                let iv = match k {
                    Some(k) => self.b.imm_u32(k),
                    None => self.index_value(idx)?,
                };
                let de = self.d_array(d, iv)?;
                Ok(self.load(de, ty)?)
            }
            Operand::Value(v) => {
                let n = self.b.num_components(v);
                match k {
                    Some(k) if k < u32::from(n) => Ok(Operand::Value(self.b.channel(v, k as u8))),
                    _ => {
                        let iv = self.index_value(idx)?;
                        let op = match n {
                            2 => Some(AluOp::Vextract2),
                            3 => Some(AluOp::Vextract3),
                            4 => Some(AluOp::Vextract4),
                            _ => None,
                        };
                        if let (Some(op), 32) = (op, self.b.bit_size(iv)) {
                            // `v[i]`: the component picked by the value (SPIR-V's
                            // `OpVectorExtractDynamic`).
                            let srcs = [AluSrc::new(v), AluSrc::new(iv)];
                            return Ok(Operand::Value(self.b.alu_n(op, 1, &srcs)));
                        }
                        let items: Vec<ValueId> = (0..n).map(|c| self.b.channel(v, c)).collect();
                        Ok(Operand::Value(self.pick(&items, iv)))
                    }
                }
            }
            Operand::Matrix(cols) => match k {
                Some(k) if (k as usize) < cols.len() => Ok(Operand::Value(cols[k as usize])),
                _ => {
                    let iv = self.index_value(idx)?;
                    Ok(Operand::Value(self.pick(&cols, iv)))
                }
            },
            Operand::Combined { .. } => Err(err("indexing a combined sampler", span)),
        }
        .map_err(|e: LowerError| LowerError {
            span: e.span.or(Some(span)),
            ..e
        })
    }

    /// The variable an l-value expression is part of.
    fn root_var(&self, e: hir::ExprId) -> Option<hir::VarId> {
        match &self.cx.m.expr(e).kind {
            ExprKind::Var(v) => Some(*v),
            ExprKind::Member(b, _) | ExprKind::Index(b, _) | ExprKind::Swizzle(b, _) => {
                self.root_var(*b)
            }
            _ => None,
        }
    }

    /// Marks the ALU operations built since instruction `from` exact (values computed for
    /// a `precise` variable).
    pub fn mark_exact(&mut self, from: usize) {
        for i in from..self.b.func.instrs.len() {
            if let InstrKind::Alu(a) = &mut self.b.func.instrs[fresnel_ir::InstrId(i as u32)].kind {
                a.exact = true;
            }
        }
    }

    /// `items[index]` by a chain of selects.
    fn pick(&mut self, items: &[ValueId], index: ValueId) -> ValueId {
        let mut acc = items[0];
        for (i, v) in items.iter().enumerate().skip(1) {
            let k = self.b.imm_u32(i as u32);
            let c = self.b.alu(AluOp::Ieq, &[index, k]);
            let n = self.b.num_components(*v);
            acc = self.b.alu_n(
                AluOp::Bcsel,
                n,
                &[AluSrc::broadcast(c, 0), AluSrc::new(*v), AluSrc::new(acc)],
            );
        }
        acc
    }

    // ---- operators ----

    fn unary(
        &mut self,
        op: UnaryOp,
        a: hir::ExprId,
        ty: HirTypeId,
        span: Span,
    ) -> Result<Operand, LowerError> {
        let m = self.cx.m;
        let scalar = m
            .types
            .scalar_of(ty)
            .ok_or_else(|| err("an operator on a non-numeric type", span))?;
        match op {
            UnaryOp::Plus => self.expr(a),
            UnaryOp::Neg | UnaryOp::Not | UnaryOp::BitNot => {
                let v = self.expr(a)?;
                let alu = match op {
                    UnaryOp::Neg if scalar.is_float() => AluOp::Fneg,
                    UnaryOp::Neg => AluOp::Ineg,
                    _ => AluOp::Inot,
                };
                Ok(self.map_columns(v, |b, c| b.alu(alu, &[c])))
            }
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                let p = self.place(a)?;
                let old = self.load_place(&p)?;
                let one_bits = if scalar.is_float() {
                    fresnel_ir::builder::float_bits(1.0, value_bits(scalar))
                } else {
                    1
                };
                let bits = value_bits(scalar);
                let alu = match (op, scalar.is_float()) {
                    (UnaryOp::PreInc | UnaryOp::PostInc, true) => AluOp::Fadd,
                    (UnaryOp::PreInc | UnaryOp::PostInc, false) => AluOp::Iadd,
                    (_, true) => AluOp::Fsub,
                    (_, false) => AluOp::Isub,
                };
                let new = self.map_columns(old.clone(), |b, c| {
                    let n = b.num_components(c);
                    let one = b.constant(bits, &vec![one_bits; usize::from(n)]);
                    b.alu(alu, &[c, one])
                });
                self.store_place(&p, &new)?;
                Ok(if matches!(op, UnaryOp::PreInc | UnaryOp::PreDec) {
                    new
                } else {
                    old
                })
            }
        }
    }

    /// Applies `f` to a value or to each column of a matrix.
    fn map_columns(
        &mut self,
        v: Operand,
        mut f: impl FnMut(&mut fresnel_ir::Builder<'_>, ValueId) -> ValueId,
    ) -> Operand {
        match v {
            Operand::Value(x) => Operand::Value(f(&mut self.b, x)),
            Operand::Matrix(cols) => {
                Operand::Matrix(cols.iter().map(|c| f(&mut self.b, *c)).collect())
            }
            d => d,
        }
    }

    fn binary_expr(
        &mut self,
        op: BinaryOp,
        a: hir::ExprId,
        b: hir::ExprId,
        ty: HirTypeId,
        span: Span,
    ) -> Result<Operand, LowerError> {
        if matches!(op, BinaryOp::LogicalAnd | BinaryOp::LogicalOr) && self.needs_guard(b) {
            // Short-circuit through a temporary.
            let bool_ty = self.b.types.scalar(fresnel_ir::BaseType::Bool, 1);
            let t = self.new_local("sc", bool_ty);
            let av = self.expr_value(a)?;
            let d = self.deref_var(t);
            self.b.store_deref(d, av, 1);
            let i = self.b.push_if(av);
            if op == BinaryOp::LogicalOr {
                self.b.push_else(i);
            }
            let bv = self.expr_value(b)?;
            let d = self.deref_var(t);
            self.b.store_deref(d, bv, 1);
            self.b.pop_if(i);
            let d = self.deref_var(t);
            return Ok(Operand::Value(self.b.load_deref(d)));
        }
        // A left-deep chain (`a + b + c + ...`) is evaluated iteratively, leftmost first, so
        // long operator chains do not recurse.
        let m = self.cx.m;
        // (The inner links are marked with their precision here, the outermost by
        // `mark_result`.)
        // Inline for chains of up to two operators (performance: most are one).
        let mut spine: SmallVec<[_; 2]> = smallvec::smallvec![(op, b, ty, span, None)];
        let mut cur = a;
        while let ExprKind::Binary(op2, a2, b2) = m.expr(cur).kind {
            if matches!(op2, BinaryOp::LogicalAnd | BinaryOp::LogicalOr) && self.needs_guard(b2) {
                break;
            }
            let e = m.expr(cur);
            spine.push((op2, b2, e.ty, e.span, Some(cur)));
            cur = a2;
        }
        let mut acc_ty = self.ety(cur);
        let mut acc = self.expr(cur)?;
        for (op, rhs, rty, sp, link) in spine.into_iter().rev() {
            let bty = self.ety(rhs);
            let y = self.expr(rhs)?;
            self.span = sp;
            let start = self.b.func.values.len();
            acc = self.binary(op, acc, acc_ty, y, bty, sp)?;
            if let Some(link) = link {
                self.mark_precision(link, start, &acc);
            }
            acc_ty = rty;
        }
        Ok(acc)
    }

    /// Whether evaluating an expression unconditionally could differ from not evaluating it
    /// (side effects, calls, or reads that may be out of bounds or divide by zero).
    fn needs_guard(&self, e: hir::ExprId) -> bool {
        let m = self.cx.m;
        match &m.expr(e).kind {
            ExprKind::Var(_) | ExprKind::Const(_) | ExprKind::StrLit(_) | ExprKind::Error => false,
            ExprKind::Unary(op, a) => {
                matches!(
                    op,
                    UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec
                ) || self.needs_guard(*a)
            }
            ExprKind::Binary(op, a, b) => {
                let int_div = matches!(op, BinaryOp::Div | BinaryOp::Mod)
                    && m.types
                        .scalar_of(m.expr(*b).ty)
                        .is_some_and(|s| !s.is_float())
                    && !matches!(m.expr(*b).kind, ExprKind::Const(_));
                int_div || self.needs_guard(*a) || self.needs_guard(*b)
            }
            ExprKind::Member(a, _) | ExprKind::Swizzle(a, _) | ExprKind::Convert(a) => {
                self.needs_guard(*a)
            }
            ExprKind::Index(a, i) => {
                !matches!(m.expr(*i).kind, ExprKind::Const(_))
                    || m.is_spec_expr(*i)
                    || self.needs_guard(*a)
            }
            ExprKind::Select {
                cond,
                then_expr,
                else_expr,
            } => {
                self.needs_guard(*cond)
                    || self.needs_guard(*then_expr)
                    || self.needs_guard(*else_expr)
            }
            ExprKind::Construct(_, v) => v.iter().any(|x| self.needs_guard(*x)),
            ExprKind::Builtin(f, v) => {
                !is_pure_builtin(*f) || v.iter().any(|x| self.needs_guard(*x))
            }
            _ => true,
        }
    }

    /// A binary operator on lowered operands of HIR types `xty` and `yty`.
    /// GL_EXT_buffer_reference2 arithmetic: `ref + n`, `n + ref`, `ref - n` step the
    /// address by `n` blocks; `ref - ref` is the distance in blocks (an `int64_t`).
    fn reference_arith(
        &mut self,
        op: BinaryOp,
        x: Operand,
        xty: HirTypeId,
        y: Operand,
        yty: HirTypeId,
        span: Span,
    ) -> Result<Operand, LowerError> {
        let m = self.cx.m;
        let (Operand::Value(xv), Operand::Value(yv)) = (x, y) else {
            return Err(err("buffer reference arithmetic on non-values", span));
        };
        let (xr, yr) = (m.types.is_block(xty), m.types.is_block(yty));
        let rty = if xr { xty } else { yty };
        let stride = crate::types::reference_stride(m, rty);
        let sv = self.b.constant(64, &[stride]);
        if xr && yr {
            if op != BinaryOp::Sub {
                return Err(err("only `-` takes two buffer references", span));
            }
            let diff = self.b.alu(AluOp::Isub, &[xv, yv]);
            return Ok(Operand::Value(if stride == 0 {
                diff
            } else {
                self.b.alu(AluOp::Idiv, &[diff, sv])
            }));
        }
        let (r, n, nty) = if xr { (xv, yv, yty) } else { (yv, xv, xty) };
        let from = m
            .types
            .scalar_of(nty)
            .ok_or_else(|| err("buffer reference arithmetic with a non-integer", span))?;
        let n64 = self.convert_value(n, from, Scalar::I64);
        let delta = self.b.alu(AluOp::Imul, &[n64, sv]);
        let out = match op {
            BinaryOp::Add => self.b.alu(AluOp::Iadd, &[r, delta]),
            BinaryOp::Sub if xr => self.b.alu(AluOp::Isub, &[r, delta]),
            _ => {
                return Err(err(
                    format!("the `{}` operator on buffer references", op.text()),
                    span,
                ))
            }
        };
        Ok(Operand::Value(out))
    }

    pub fn binary(
        &mut self,
        op: BinaryOp,
        x: Operand,
        xty: HirTypeId,
        y: Operand,
        yty: HirTypeId,
        span: Span,
    ) -> Result<Operand, LowerError> {
        if let Some(r) = self.vendor_binary(op, &x, xty, &y, yty, span)? {
            return Ok(r);
        }
        let m = self.cx.m;
        if !matches!(op, BinaryOp::Eq | BinaryOp::Ne)
            && (m.types.is_block(xty) || m.types.is_block(yty))
        {
            return self.reference_arith(op, x, xty, y, yty, span);
        }
        let xs = shape(m, xty);
        let ys = shape(m, yty);
        let scalar = match xs {
            Shape::Value { scalar, .. } | Shape::Matrix { scalar, .. } => scalar,
            _ => Scalar::Bool,
        };
        match op {
            BinaryOp::Eq | BinaryOp::Ne => {
                let mut budget = MAX_EQUALITY_TERMS;
                let eq = self.equal(&x, &y, xty, span, &mut budget)?;
                return Ok(Operand::Value(if op == BinaryOp::Ne {
                    self.b.alu(AluOp::Inot, &[eq])
                } else {
                    eq
                }));
            }
            BinaryOp::Lt | BinaryOp::Gt | BinaryOp::Le | BinaryOp::Ge => {
                let (a, b) = (self.value_of(x, span)?, self.value_of(y, span)?);
                let (alu_lt, alu_ge) = if scalar.is_float() {
                    (AluOp::Flt, AluOp::Fge)
                } else if scalar.is_signed_int() {
                    (AluOp::Ilt, AluOp::Ige)
                } else {
                    (AluOp::Ult, AluOp::Uge)
                };
                let v = match op {
                    BinaryOp::Lt => self.b.alu(alu_lt, &[a, b]),
                    BinaryOp::Gt => self.b.alu(alu_lt, &[b, a]),
                    BinaryOp::Le => self.b.alu(alu_ge, &[b, a]),
                    _ => self.b.alu(alu_ge, &[a, b]),
                };
                return Ok(Operand::Value(v));
            }
            BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::LogicalXor => {
                let (a, b) = (self.value_of(x, span)?, self.value_of(y, span)?);
                let alu = match op {
                    BinaryOp::LogicalAnd => AluOp::Iand,
                    BinaryOp::LogicalOr => AluOp::Ior,
                    _ => AluOp::Ine,
                };
                return Ok(Operand::Value(self.b.alu(alu, &[a, b])));
            }
            _ => {}
        }
        if op == BinaryOp::Mul {
            match (&x, &y, xs, ys) {
                (
                    Operand::Matrix(a),
                    Operand::Matrix(b),
                    Shape::Matrix { .. },
                    Shape::Matrix { .. },
                ) => {
                    let mut out = SmallVec::new();
                    for col in b.iter() {
                        out.push(self.mat_vec(a, *col));
                    }
                    return Ok(Operand::Matrix(out));
                }
                (Operand::Matrix(a), Operand::Value(v), _, Shape::Value { n, .. }) if n > 1 => {
                    return Ok(Operand::Value(self.mat_vec(a, *v)));
                }
                (Operand::Value(v), Operand::Matrix(a), Shape::Value { n, .. }, _) if n > 1 => {
                    let mut comps = Vec::new();
                    for col in a.iter() {
                        let dot = match n {
                            2 => AluOp::Fdot2,
                            3 => AluOp::Fdot3,
                            _ => AluOp::Fdot4,
                        };
                        comps.push(self.b.alu(dot, &[*v, *col]));
                    }
                    return Ok(Operand::Value(self.b.vec(&comps)));
                }
                _ => {}
            }
        }
        let alu = arith_op(op, scalar).ok_or_else(|| {
            err(
                format!("operator `{}` on this type is not supported", op.text()),
                span,
            )
        })?;
        let shift = matches!(op, BinaryOp::Shl | BinaryOp::Shr);
        match (x, y) {
            (Operand::Value(a), Operand::Value(b)) => {
                let b = if shift && self.b.bit_size(b) != 32 {
                    let signed = m.types.scalar_of(yty).is_some_and(|s| s.is_signed_int());
                    self.b
                        .conv(if signed { AluOp::I2i } else { AluOp::U2u }, 32, b)
                } else {
                    b
                };
                Ok(Operand::Value(self.componentwise(alu, a, b)))
            }
            (Operand::Matrix(a), Operand::Matrix(b)) => Ok(Operand::Matrix(
                a.iter()
                    .zip(b.iter())
                    .map(|(p, q)| self.componentwise(alu, *p, *q))
                    .collect(),
            )),
            (Operand::Matrix(a), Operand::Value(s)) => Ok(Operand::Matrix(
                a.iter().map(|p| self.componentwise(alu, *p, s)).collect(),
            )),
            (Operand::Value(s), Operand::Matrix(b)) => Ok(Operand::Matrix(
                b.iter().map(|q| self.componentwise(alu, s, *q)).collect(),
            )),
            _ => Err(err(
                format!("operator `{}` on aggregates is not supported", op.text()),
                span,
            )),
        }
    }

    /// `op(a, b)` with a scalar operand broadcast to the other's size.
    fn componentwise(&mut self, alu: AluOp, a: ValueId, b: ValueId) -> ValueId {
        let na = self.b.num_components(a);
        let nb = self.b.num_components(b);
        let n = na.max(nb);
        let sa = if na == 1 {
            AluSrc::broadcast(a, 0)
        } else {
            AluSrc::new(a)
        };
        let sb = if nb == 1 {
            AluSrc::broadcast(b, 0)
        } else {
            AluSrc::new(b)
        };
        self.b.alu_n(alu, n, &[sa, sb])
    }

    /// Matrix times column vector: the sum of the columns scaled by the vector's components.
    fn mat_vec(&mut self, cols: &[ValueId], v: ValueId) -> ValueId {
        let mut acc: Option<ValueId> = None;
        for (i, c) in cols.iter().enumerate() {
            let n = self.b.num_components(*c);
            let t = self.b.alu_n(
                AluOp::Fmul,
                n,
                &[AluSrc::new(*c), AluSrc::broadcast(v, i as u8)],
            );
            acc = Some(match acc {
                None => t,
                Some(a) => self.b.alu(AluOp::Fadd, &[a, t]),
            });
        }
        acc.expect("a matrix has columns")
    }

    /// Whether two operands of type `ty` are equal: one 1-bit scalar.
    fn equal(
        &mut self,
        x: &Operand,
        y: &Operand,
        ty: HirTypeId,
        span: Span,
        budget: &mut usize,
    ) -> Result<ValueId, LowerError> {
        if *budget == 0 {
            return Err(err("comparison of too large aggregates", span));
        }
        *budget -= 1;
        let m = self.cx.m;
        match (x, y) {
            (Operand::Value(a), Operand::Value(b)) => {
                let float = m.types.scalar_of(ty).is_some_and(|s| s.is_float());
                let eq = self
                    .b
                    .alu(if float { AluOp::Feq } else { AluOp::Ieq }, &[*a, *b]);
                Ok(self.all(eq))
            }
            (Operand::Matrix(a), Operand::Matrix(b)) => {
                let mut acc: Option<ValueId> = None;
                for (p, q) in a.iter().zip(b.iter()) {
                    let eq = self.b.alu(AluOp::Feq, &[*p, *q]);
                    let e = self.all(eq);
                    acc = Some(match acc {
                        None => e,
                        Some(a) => self.b.alu(AluOp::Iand, &[a, e]),
                    });
                }
                Ok(acc.expect("columns"))
            }
            (Operand::Deref(a), Operand::Deref(b)) => {
                let parts: Vec<(Option<u32>, u32, HirTypeId)> = match m.types.get(ty) {
                    HType::Struct(s) => m
                        .types
                        .struct_def(*s)
                        .members
                        .iter()
                        .enumerate()
                        .map(|(i, mem)| (None, i as u32, mem.ty))
                        .collect(),
                    HType::Array { elem, .. } => {
                        let n = crate::types::array_len(m, ty).unwrap_or(0);
                        if n as usize > *budget {
                            return Err(err("comparison of too large arrays", span));
                        }
                        (0..n).map(|i| (Some(i), i, *elem)).collect()
                    }
                    _ => return Err(err("comparison of opaque values", span)),
                };
                let mut acc = self.b.imm_bool(true);
                for (arr, i, pty) in parts {
                    let (da, db) = if arr.is_some() {
                        let k = self.b.imm_u32(i);
                        (self.d_array(*a, k)?, self.d_array(*b, k)?)
                    } else {
                        (self.d_struct(*a, i)?, self.d_struct(*b, i)?)
                    };
                    let pa = self.load(da, pty)?;
                    let pb = self.load(db, pty)?;
                    let e = self.equal(&pa, &pb, pty, span, budget)?;
                    acc = self.b.alu(AluOp::Iand, &[acc, e]);
                }
                Ok(acc)
            }
            _ => Err(err("comparison of mismatched operands", span)),
        }
    }

    /// And-reduction of a boolean vector.
    fn all(&mut self, v: ValueId) -> ValueId {
        match self.b.num_components(v) {
            2 => self.b.alu(AluOp::Ball2, &[v]),
            3 => self.b.alu(AluOp::Ball3, &[v]),
            4 => self.b.alu(AluOp::Ball4, &[v]),
            _ => v,
        }
    }

    // ---- selection ----

    fn select(
        &mut self,
        cond: hir::ExprId,
        a: hir::ExprId,
        b: hir::ExprId,
        ty: HirTypeId,
        span: Span,
    ) -> Result<Option<Operand>, LowerError> {
        let m = self.cx.m;
        let sh = shape(m, ty);
        let c = self.expr_value(cond)?;
        if matches!(sh, Shape::Value { .. } | Shape::Matrix { .. })
            && !self.needs_guard(a)
            && !self.needs_guard(b)
        {
            let x = self.expr(a)?;
            let y = self.expr(b)?;
            return Ok(Some(match (x, y) {
                (Operand::Value(p), Operand::Value(q)) => Operand::Value(self.bcsel(c, p, q)),
                (Operand::Matrix(p), Operand::Matrix(q)) => Operand::Matrix(
                    p.iter()
                        .zip(q.iter())
                        .map(|(p, q)| self.bcsel(c, *p, *q))
                        .collect(),
                ),
                _ => return Err(err("mismatched selection operands", span)),
            }));
        }
        if sh == Shape::Void {
            let i = self.b.push_if(c);
            self.expr_opt(a)?;
            self.b.push_else(i);
            self.expr_opt(b)?;
            self.b.pop_if(i);
            return Ok(None);
        }
        if contains_opaque(m, ty) {
            return Err(err("selection between opaque values", span));
        }
        let t = self.temp("sel", ty, span)?;
        let i = self.b.push_if(c);
        let x = self.expr(a)?;
        let d = self.deref_var(t);
        self.store(d, ty, &x)?;
        self.b.push_else(i);
        let y = self.expr(b)?;
        let d = self.deref_var(t);
        self.store(d, ty, &y)?;
        self.b.pop_if(i);
        let d = self.deref_var(t);
        Ok(Some(self.load(d, ty)?))
    }

    fn bcsel(&mut self, c: ValueId, a: ValueId, b: ValueId) -> ValueId {
        let n = self.b.num_components(a);
        self.b.alu_n(
            AluOp::Bcsel,
            n,
            &[AluSrc::broadcast(c, 0), AluSrc::new(a), AluSrc::new(b)],
        )
    }

    // ---- conversions and constructors ----

    /// Converts a scalar or vector value between scalar types.
    fn convert_value(&mut self, v: ValueId, from: Scalar, to: Scalar) -> ValueId {
        if from == to {
            return v;
        }
        let tb = value_bits(to);
        let n = self.b.num_components(v);
        if to == Scalar::Bool {
            let fb = value_bits(from);
            let zero = self.b.constant(fb, &vec![0; usize::from(n)]);
            let op = if from.is_float() {
                AluOp::Fneu
            } else {
                AluOp::Ine
            };
            return self.b.alu(op, &[v, zero]);
        }
        let op = if from == Scalar::Bool {
            if to.is_float() {
                AluOp::B2f
            } else {
                AluOp::B2i
            }
        } else if from.is_float() {
            if to.is_float() {
                AluOp::F2f
            } else if to.is_signed_int() {
                AluOp::F2i
            } else {
                AluOp::F2u
            }
        } else if to.is_float() {
            if from.is_signed_int() {
                AluOp::I2f
            } else {
                AluOp::U2f
            }
        } else {
            if from.bits() == to.bits() {
                return v;
            }
            if from.is_signed_int() {
                AluOp::I2i
            } else {
                AluOp::U2u
            }
        };
        self.b.conv(op, tb, v)
    }

    /// Converts an operand of type `from` to the same shape of type `to`.
    pub(crate) fn convert(
        &mut self,
        v: Operand,
        from: HirTypeId,
        to: HirTypeId,
        span: Span,
    ) -> Result<Operand, LowerError> {
        let m = self.cx.m;
        let (Some(fs), Some(ts)) = (m.types.scalar_of(from), m.types.scalar_of(to)) else {
            if from == to {
                return Ok(v);
            }
            return Err(err("conversion of a non-numeric type", span));
        };
        Ok(match v {
            Operand::Value(x) => Operand::Value(self.convert_value(x, fs, ts)),
            Operand::Matrix(cols) => Operand::Matrix(
                cols.iter()
                    .map(|c| self.convert_value(*c, fs, ts))
                    .collect(),
            ),
            d => d,
        })
    }

    /// The scalar components of constructor arguments, converted to `to`, in order.
    fn components(
        &mut self,
        args: &[hir::ExprId],
        to: Scalar,
        need: usize,
        span: Span,
    ) -> Result<Vec<ValueId>, LowerError> {
        let m = self.cx.m;
        let mut out = Vec::with_capacity(need);
        for &a in args {
            let aty = self.ety(a);
            let from = m
                .types
                .scalar_of(aty)
                .ok_or_else(|| err("a constructor argument of a non-numeric type", span))?;
            let op = self.expr(a)?;
            let vals: SmallVec<[ValueId; 4]> = match op {
                Operand::Value(v) => SmallVec::from_slice(&[v]),
                Operand::Matrix(c) => c,
                Operand::Deref(_) | Operand::Combined { .. } => {
                    return Err(err("bad constructor argument", span))
                }
            };
            for v in vals {
                if out.len() >= need {
                    break;
                }
                let cv = self.convert_value(v, from, to);
                let n = self.b.num_components(cv);
                for c in 0..n {
                    if out.len() < need {
                        out.push(self.b.channel(cv, c));
                    }
                }
            }
        }
        Ok(out)
    }

    /// GL_EXT_buffer_reference constructors: a reference from a `uint64_t`/`int64_t`, a
    /// `uvec2` (GL_EXT_buffer_reference_uvec2) or another reference, and `uint64_t(ref)`,
    /// `int64_t(ref)`, `uvec2(ref)`. References are `u64` addresses.
    fn reference_construct(
        &mut self,
        ty: HirTypeId,
        args: &[hir::ExprId],
        span: Span,
    ) -> Result<Option<Operand>, LowerError> {
        let m = self.cx.m;
        let [a] = args else {
            return Ok(None);
        };
        let aty = self.ety(*a);
        let (to_ref, from_ref) = (m.types.is_block(ty), m.types.is_block(aty));
        let address_arg = matches!(
            m.types.get(aty),
            HType::Scalar(Scalar::U64 | Scalar::I64) | HType::Vector(Scalar::U32, 2)
        );
        // `accelerationStructureEXT(address)` (OpConvertUToAccelerationStructureKHR) and
        // bindless handles (`sampler2D(uint64_t)`, GL_ARB_bindless_texture): the object
        // is a `uniform`-mode `deref_cast` of the 64-bit handle.
        let handle = matches!(
            m.types.get(ty),
            HType::AccelerationStructure | HType::Opaque(_)
        );
        if handle && address_arg {
            let v = self.expr_value(*a)?;
            let addr = if self.b.num_components(v) == 2 {
                self.b.alu(AluOp::Pack64_2x32, &[v])
            } else {
                v
            };
            let ity = crate::types::ir_type(self.b.types, m, self.cx.interner, ty, None, span)?;
            return Ok(Some(Operand::Deref(self.b.deref_cast(
                addr,
                ity,
                VarMode::Uniform,
            ))));
        }
        if !to_ref && !from_ref {
            return Ok(None);
        }
        let v = self.expr_value(*a)?;
        let (bits, n) = (self.b.bit_size(v), self.b.num_components(v));
        let is_uvec2 = |t: HirTypeId| matches!(m.types.get(t), HType::Vector(Scalar::U32, 2));
        let out = if to_ref && (bits, n) == (32, 2) {
            self.b.alu(AluOp::Pack64_2x32, &[v])
        } else if from_ref && is_uvec2(ty) {
            self.b.alu(AluOp::Unpack64_2x32, &[v])
        } else if (bits, n) == (64, 1) {
            v
        } else {
            return Err(err(
                "a buffer reference conversion from or to a type other than a 64-bit address",
                span,
            ));
        };
        Ok(Some(Operand::Value(out)))
    }

    fn construct(
        &mut self,
        ty: HirTypeId,
        args: &[hir::ExprId],
        span: Span,
    ) -> Result<Operand, LowerError> {
        let m = self.cx.m;
        if let Some(op) = self.combined_sampler(ty, args)? {
            return Ok(op);
        }
        if let Some(op) = self.reference_construct(ty, args, span)? {
            return Ok(op);
        }
        if let Some(op) = self.handle_construct(ty, args, span)? {
            return Ok(op);
        }
        match shape(m, ty) {
            Shape::Value { scalar, n } => {
                let single_scalar = args.len() == 1
                    && matches!(shape(m, self.ety(args[0])), Shape::Value { n: 1, .. });
                if single_scalar {
                    let comps = self.components(args, scalar, 1, span)?;
                    let s = comps[0];
                    if n == 1 {
                        return Ok(Operand::Value(s));
                    }
                    let v = self.b.vec(&vec![s; usize::from(n)]);
                    return Ok(Operand::Value(v));
                }
                let comps = self.components(args, scalar, usize::from(n), span)?;
                if comps.len() != usize::from(n) {
                    return Err(err("too few constructor components", span));
                }
                Ok(Operand::Value(self.b.vec(&comps)))
            }
            Shape::Matrix { scalar, cols, rows } => {
                let bits = value_bits(scalar);
                let zero = self.b.imm_float(0.0, bits);
                let one = self.b.imm_float(1.0, bits);
                let first = args.first().map(|a| shape(m, self.ety(*a)));
                if args.len() == 1 && matches!(first, Some(Shape::Value { n: 1, .. })) {
                    let s = self.components(args, scalar, 1, span)?[0];
                    let out = (0..cols)
                        .map(|c| {
                            let comps: Vec<ValueId> =
                                (0..rows).map(|r| if r == c { s } else { zero }).collect();
                            self.b.vec(&comps)
                        })
                        .collect();
                    return Ok(Operand::Matrix(out));
                }
                if let (
                    1,
                    Some(Shape::Matrix {
                        scalar: fs,
                        cols: sc,
                        rows: sr,
                    }),
                ) = (args.len(), first)
                {
                    let src = match self.expr(args[0])? {
                        Operand::Matrix(c) => c,
                        _ => return Err(err("bad matrix argument", span)),
                    };
                    let src: Vec<ValueId> = src
                        .iter()
                        .map(|c| self.convert_value(*c, fs, scalar))
                        .collect();
                    let mut out = SmallVec::new();
                    for c in 0..cols {
                        let comps: Vec<ValueId> = (0..rows)
                            .map(|r| {
                                if c < sc && r < sr {
                                    self.b.channel(src[usize::from(c)], r)
                                } else if r == c {
                                    one
                                } else {
                                    zero
                                }
                            })
                            .collect();
                        out.push(self.b.vec(&comps));
                    }
                    return Ok(Operand::Matrix(out));
                }
                let need = usize::from(cols) * usize::from(rows);
                let comps = self.components(args, scalar, need, span)?;
                if comps.len() != need {
                    return Err(err("too few constructor components", span));
                }
                let out = comps
                    .chunks(usize::from(rows))
                    .map(|ch| self.b.vec(ch))
                    .collect();
                Ok(Operand::Matrix(out))
            }
            Shape::Memory => {
                if contains_opaque(m, ty) {
                    let msg = if args.len() == 2 {
                        "combined image-sampler constructors (`sampler2D(texture, sampler)`) are \
                         not supported yet"
                    } else {
                        "constructors of opaque types are not supported"
                    };
                    return Err(err(msg, span));
                }
                let t = self.temp("tmp", ty, span)?;
                let is_struct = matches!(m.types.get(ty), HType::Struct(_));
                for (i, a) in args.iter().enumerate() {
                    let aty = self.ety(*a);
                    let v = self.expr(*a)?;
                    let d = self.deref_var(t);
                    let de = if is_struct {
                        self.d_struct(d, i as u32)?
                    } else {
                        let k = self.b.imm_u32(i as u32);
                        self.d_array(d, k)?
                    };
                    self.store(de, aty, &v)?;
                }
                Ok(Operand::Deref(self.deref_var(t)))
            }
            Shape::Void => Err(err("constructing void", span)),
        }
    }

    // ---- built-in functions ----

    fn builtin(
        &mut self,
        f: hir::BuiltinRef,
        args: &[hir::ExprId],
        ret: HirTypeId,
        span: Span,
    ) -> Result<Option<Operand>, LowerError> {
        let m = self.cx.m;
        if let Some(r) = self.stage_builtin(f.name, args, ret, span)? {
            return Ok(r);
        }
        let sig = SIGNATURES.get(f.sig as usize);
        for name in crate::builtins::globals_read(f.name) {
            self.ensure_global(name, span)?;
        }
        // Inline for the common built-in of up to three arguments (performance: no
        // allocation per call).
        let mut lowered: SmallVec<[Arg; 3]> = SmallVec::with_capacity(args.len());
        let mut copy_back: Vec<(Place, ValueId, HirTypeId)> = Vec::new();
        let mut post_swizzle: Option<(HirTypeId, SmallVec<[u8; 4]>)> = None;
        for (i, &a) in args.iter().enumerate() {
            let aty = self.ety(a);
            let qual = sig
                .and_then(|s| s.params.get(i))
                .map_or(ParamQual::In, |p| p.qual);
            let op = if wants_real_deref(f.name, i) {
                match self.place(a)? {
                    Place::Deref(d, _) => Operand::Deref(d),
                    Place::Swizzle(d, _, comps) if comps.len() == 1 => {
                        let k = self.b.imm_u32(u32::from(comps[0]));
                        Operand::Deref(self.d_array(d, k)?)
                    }
                    Place::Swizzle(d, vty, comps) if f.name.starts_with("interpolateAt") => {
                        // Interpolate the whole vector, then select the components.
                        post_swizzle = Some((vty, comps));
                        lowered.push(Arg {
                            op: Operand::Deref(d),
                            ty: vty,
                        });
                        continue;
                    }
                    Place::Swizzle(..) => {
                        return Err(err("a swizzle as a memory argument is not supported", span))
                    }
                }
            } else if qual == ParamQual::In {
                let must_be_const = sig
                    .and_then(|s| s.params.get(i))
                    .is_some_and(|p| p.flags & fresnel_sema::builtins::flags::CONST != 0);
                if contains_opaque(m, aty) {
                    let op = self.opaque_operand(a, span)?;
                    self.mark_non_uniform_operand(a, op)
                } else if let (true, ExprKind::Const(c)) =
                    (must_be_const && m.is_spec_expr(a), &m.expr(a).kind)
                {
                    // A constant operand (texture offsets, gather components) computed
                    // from specialization constants keeps their defaults (helper E).
                    self.const_operand(c, aty, span)?
                } else {
                    self.expr(a)?
                }
            } else {
                let pl = self.place(a)?;
                let t = self.temp("arg", aty, span)?;
                let d = self.deref_var(t);
                if qual == ParamQual::InOut {
                    let cur = self.load_place(&pl)?;
                    self.store(d, aty, &cur)?;
                }
                copy_back.push((pl, d, aty));
                Operand::Deref(d)
            };
            lowered.push(Arg { op, ty: aty });
        }
        let stage = self.cx.stage;
        let vars = &self.cx.vars;
        let families = &mut self.cx.builtin_families;
        let lookup = |name: &str| {
            vars.iter()
                .find(|(_, v)| v.name == name && v.mode != VarMode::Function)
                .map(|(id, v)| (id, v.ty, v.mode))
        };
        let mut bcx = BuiltinCx {
            b: &mut self.b,
            hir: m,
            stage,
            lookup_var: &lookup,
            span,
        };
        let call_ret = post_swizzle.as_ref().map_or(ret, |(vty, _)| *vty);
        let mut result = lower_builtin_in(&mut bcx, f, &lowered, call_ret, Some(families))?;
        if let (Some((_, comps)), Some(Operand::Value(v))) = (&post_swizzle, &result) {
            result = Some(Operand::Value(self.b.swizzle(*v, comps)));
        }
        for (pl, d, ty) in copy_back {
            let v = self.load(d, ty)?;
            self.store_place(&pl, &v)?;
        }
        Ok(result)
    }

    /// Makes sure the global named `name` has its IR variable (for built-ins that read
    /// variables by name).
    fn ensure_global(&mut self, name: &str, span: Span) -> Result<(), LowerError> {
        let m = self.cx.m;
        let found = m
            .globals
            .iter()
            .copied()
            .find(|g| self.cx.interner.resolve(m.var(*g).name) == name);
        if let Some(g) = found {
            self.cx.global(self.b.types, g, span)?;
        } else {
            self.cx.implied_builtin(self.b.types, name);
        }
        Ok(())
    }
}

/// Built-in functions that only compute from their (value) arguments, so evaluating them
/// when the result is not used changes nothing (no memory, no other invocations, no
/// derivatives, no `out` parameters).
fn is_pure_builtin(f: hir::BuiltinRef) -> bool {
    const PURE: &[&str] = &[
        "radians",
        "degrees",
        "sin",
        "cos",
        "tan",
        "asin",
        "acos",
        "atan",
        "sinh",
        "cosh",
        "tanh",
        "asinh",
        "acosh",
        "atanh",
        "pow",
        "exp",
        "log",
        "exp2",
        "log2",
        "sqrt",
        "inversesqrt",
        "abs",
        "sign",
        "floor",
        "trunc",
        "round",
        "roundEven",
        "ceil",
        "fract",
        "mod",
        "min",
        "max",
        "clamp",
        "mix",
        "step",
        "smoothstep",
        "isnan",
        "isinf",
        "floatBitsToInt",
        "floatBitsToUint",
        "intBitsToFloat",
        "uintBitsToFloat",
        "fma",
        "length",
        "distance",
        "dot",
        "cross",
        "normalize",
        "faceforward",
        "reflect",
        "refract",
        "matrixCompMult",
        "outerProduct",
        "transpose",
        "determinant",
        "inverse",
        "lessThan",
        "lessThanEqual",
        "greaterThan",
        "greaterThanEqual",
        "equal",
        "notEqual",
        "any",
        "all",
        "not",
        "bitfieldExtract",
        "bitfieldInsert",
        "bitfieldReverse",
        "bitCount",
        "findLSB",
        "findMSB",
        "packUnorm2x16",
        "packSnorm2x16",
        "packUnorm4x8",
        "packSnorm4x8",
        "unpackUnorm2x16",
        "unpackSnorm2x16",
        "unpackUnorm4x8",
        "unpackSnorm4x8",
        "packHalf2x16",
        "unpackHalf2x16",
    ];
    PURE.contains(&f.name)
        && SIGNATURES
            .get(f.sig as usize)
            .is_some_and(|s| s.params.iter().all(|p| p.qual == ParamQual::In))
}

/// The ALU opcode of an arithmetic, bitwise or logical operator on a scalar type.
fn arith_op(op: BinaryOp, s: Scalar) -> Option<AluOp> {
    use BinaryOp as B;
    Some(if s.is_float() {
        match op {
            B::Add => AluOp::Fadd,
            B::Sub => AluOp::Fsub,
            B::Mul => AluOp::Fmul,
            B::Div => AluOp::Fdiv,
            B::Mod => AluOp::Fmod,
            _ => return None,
        }
    } else if s == Scalar::Bool {
        match op {
            B::BitAnd | B::LogicalAnd => AluOp::Iand,
            B::BitOr | B::LogicalOr => AluOp::Ior,
            B::BitXor | B::LogicalXor => AluOp::Ixor,
            _ => return None,
        }
    } else {
        let signed = s.is_signed_int();
        match op {
            B::Add => AluOp::Iadd,
            B::Sub => AluOp::Isub,
            B::Mul => AluOp::Imul,
            B::Div if signed => AluOp::Idiv,
            B::Div => AluOp::Udiv,
            B::Mod if signed => AluOp::Irem,
            B::Mod => AluOp::Umod,
            B::Shl => AluOp::Ishl,
            B::Shr if signed => AluOp::Ishr,
            B::Shr => AluOp::Ushr,
            B::BitAnd => AluOp::Iand,
            B::BitOr => AluOp::Ior,
            B::BitXor => AluOp::Ixor,
            _ => return None,
        }
    })
}
