//! Functions taking or returning aggregates (arrays, structures, matrices) across units
//! (issue 4). Within a unit such functions are inlined, which needs their body; a unit that
//! only declares one (the body is in another unit of the stage, bound by
//! `fresnel_link::link_units`) calls it through an IR function whose parameters are the
//! aggregates' scalar and vector *leaves* (array elements, structure members, matrix
//! columns, in order), each a parameter of the aggregate's direction; an aggregate result
//! becomes `out` leaves after the parameters. The IR call stays copy-in/copy-out of values,
//! so the validator, the interpreter, the inliner and the back ends need nothing new.
//!
//! Such an IR function is named `NAME__flat(TYPES)` (GLSL reserves names containing `__`,
//! and the parameter types keep overloads that flatten alike apart). A unit defining a
//! function of this kind and meant for linking (no `main`, or declaring functions itself)
//! also exports it in this form: its body rebuilds the aggregates from the leaf parameters
//! into locals, runs the GLSL body inlined, and writes the `out` aggregates and the result
//! back to the leaves.

use fresnel_ir::Variable;
use fresnel_ir::{Builder, FuncId, Function, Param, ParamDir, Types, ValueId, VarId, VarMode};
use fresnel_sema::hir::{self, Storage};
use fresnel_sema::types::{ArraySize, Type as HType, TypeId as HirTypeId};
use fresnel_syntax::source::Span;
use rustc_hash::FxHashMap;
use smallvec::SmallVec;

use crate::expr::Place;
use crate::func::{Cx, FnCx, Local};
use crate::types::{ir_type, shape, value_bits, Shape};
use crate::{LowerError, Operand};

/// Most leaves one function's parameters and result flatten to.
pub const MAX_FLAT_LEAVES: usize = 256;

/// One step from an aggregate to a part of it.
#[derive(Copy, Clone, Debug)]
enum Step {
    /// Array element or matrix column.
    Index(u32),
    /// Structure member.
    Member(u32),
}

/// A scalar or vector part of an aggregate: the path to it and its type; a matrix column
/// has the matrix type, the column index last on the path.
#[derive(Clone, Debug)]
pub struct Leaf {
    path: SmallVec<[Step; 4]>,
    ty: HirTypeId,
    column: bool,
}

impl Leaf {
    /// (bit size, components) of the leaf's values.
    fn shape(&self, m: &hir::Module) -> (u8, u8) {
        match shape(m, self.ty) {
            Shape::Value { scalar, n } => (value_bits(scalar), n),
            Shape::Matrix { scalar, rows, .. } => (value_bits(scalar), rows),
            _ => (32, 1),
        }
    }
}

/// The leaves of a type, in order; `None` when it holds something that is not a scalar,
/// vector, matrix, sized array or structure (opaque and vendor types, buffer references,
/// runtime-sized arrays), or more than `budget` leaves.
pub fn leaves(m: &hir::Module, ty: HirTypeId, budget: &mut usize) -> Option<Vec<Leaf>> {
    fn go(
        m: &hir::Module,
        ty: HirTypeId,
        path: &mut SmallVec<[Step; 4]>,
        out: &mut Vec<Leaf>,
        budget: &mut usize,
    ) -> Option<()> {
        if path.len() > 16 || crate::vendor::contains_vendor(m, ty) || m.types.is_block(ty) {
            return None;
        }
        match shape(m, ty) {
            Shape::Value { .. } => {
                *budget = budget.checked_sub(1)?;
                out.push(Leaf {
                    path: path.clone(),
                    ty,
                    column: false,
                });
                return Some(());
            }
            Shape::Void => return None,
            _ => {}
        }
        match m.types.get(ty).clone() {
            HType::Matrix { cols, .. } => {
                for c in 0..u32::from(cols) {
                    *budget = budget.checked_sub(1)?;
                    path.push(Step::Index(c));
                    out.push(Leaf {
                        path: path.clone(),
                        ty,
                        column: true,
                    });
                    path.pop();
                }
                Some(())
            }
            HType::Array {
                elem,
                size: ArraySize::Fixed(n),
            } => {
                if n as usize > *budget {
                    return None;
                }
                for i in 0..n {
                    path.push(Step::Index(i));
                    go(m, elem, path, out, budget)?;
                    path.pop();
                }
                Some(())
            }
            HType::Struct(sid) => {
                let tys: Vec<HirTypeId> = m
                    .types
                    .struct_def(sid)
                    .members
                    .iter()
                    .map(|x| x.ty)
                    .collect();
                for (i, t) in tys.into_iter().enumerate() {
                    path.push(Step::Member(i as u32));
                    go(m, t, path, out, budget)?;
                    path.pop();
                }
                Some(())
            }
            _ => None,
        }
    }
    let mut out = Vec::new();
    go(m, ty, &mut SmallVec::new(), &mut out, budget)?;
    Some(out)
}

/// Whether a parameter or result passes as values only.
fn by_value(m: &hir::Module, ty: HirTypeId) -> bool {
    matches!(shape(m, ty), Shape::Value { .. } | Shape::Void)
}

/// Whether a function (not callable with values) can be called through its flattened form.
pub fn flattenable(m: &hir::Module, func: &hir::Function) -> bool {
    let mut budget = MAX_FLAT_LEAVES;
    let mut ok = |ty: HirTypeId| by_value(m, ty) || leaves(m, ty, &mut budget).is_some();
    ok(func.ret) && func.params.iter().all(|p| ok(m.var(*p).ty))
}

fn param_dir(var: &hir::Var) -> hir::ParamDir {
    match var.storage {
        Storage::Param(d) => d,
        _ => hir::ParamDir::In,
    }
}

/// The leaves of a type known to flatten (`flattenable` checked the whole function).
fn leaves_of(m: &hir::Module, ty: HirTypeId, span: Span) -> Result<Vec<Leaf>, LowerError> {
    if by_value(m, ty) {
        return Ok(vec![Leaf {
            path: SmallVec::new(),
            ty,
            column: false,
        }]);
    }
    let mut budget = MAX_FLAT_LEAVES;
    leaves(m, ty, &mut budget)
        .ok_or_else(|| LowerError::new("a parameter that cannot be flattened", Some(span)))
}

impl Cx<'_> {
    /// The flattened IR function of a user function (declaring it and, when it has a body,
    /// queueing that on first use).
    pub(crate) fn callee_flat(
        &mut self,
        types: &mut Types,
        hf: hir::FuncId,
    ) -> Result<FuncId, LowerError> {
        if let Some(f) = self.flat_fns.get(&hf) {
            return Ok(*f);
        }
        let m = self.m;
        let func = m.function(hf);
        let sig: Vec<String> = func
            .params
            .iter()
            .map(|p| m.types.display(m.var(*p).ty, self.interner))
            .collect();
        let base = format!(
            "{}__flat({})",
            self.interner.resolve(func.name),
            sig.join(",")
        );
        let name = self.unique_flat_name(&base);
        let fid = self.new_ir_function(hf, name)?;
        let add = |cx: &mut Cx<'_>,
                   types: &mut Types,
                   name: String,
                   leaf: &Leaf,
                   span: Span,
                   dir: Option<ParamDir>|
         -> Result<(), LowerError> {
            let ity = if leaf.column {
                let (bits, rows) = leaf.shape(m);
                types.vector(fresnel_ir::BaseType::Float, bits, rows)
            } else {
                ir_type(types, m, cx.interner, leaf.ty, None, span)?
            };
            let mut v = Variable::new(name, ity, VarMode::Function);
            v.function = Some(fid);
            let id = cx.vars.push(v);
            let f = &mut cx.ir_funcs[fid];
            f.locals.push(id);
            match dir {
                Some(dir) => f.params.push(Param { var: id, dir }),
                None => f.ret = Some(id),
            }
            Ok(())
        };
        for &p in &func.params {
            let pv = m.var(p);
            let dir = match param_dir(pv) {
                hir::ParamDir::Out => ParamDir::Out,
                hir::ParamDir::InOut => ParamDir::InOut,
                _ => ParamDir::In,
            };
            let pname = self.interner.resolve(pv.name).to_string();
            for (k, leaf) in leaves_of(m, pv.ty, pv.span)?.iter().enumerate() {
                add(
                    self,
                    types,
                    format!("{pname}_{k}"),
                    leaf,
                    pv.span,
                    Some(dir),
                )?;
            }
        }
        match shape(m, func.ret) {
            Shape::Void => {}
            Shape::Value { .. } => {
                let leaf = &leaves_of(m, func.ret, func.span)?[0];
                add(self, types, "return".into(), leaf, func.span, None)?
            }
            _ => {
                for (k, leaf) in leaves_of(m, func.ret, func.span)?.iter().enumerate() {
                    add(
                        self,
                        types,
                        format!("return_{k}"),
                        leaf,
                        func.span,
                        Some(ParamDir::Out),
                    )?;
                }
            }
        }
        self.flat_fns.insert(hf, fid);
        if func.body.is_some() {
            self.flat_queue.push(hf);
        }
        Ok(fid)
    }
}

impl FnCx<'_, '_, '_> {
    /// The value of a leaf of the aggregate `d` points at.
    fn leaf_load(&mut self, d: ValueId, leaf: &Leaf, span: Span) -> Result<ValueId, LowerError> {
        let ld = self.leaf_deref(d, leaf)?;
        if leaf.column {
            return Ok(self.b.load_deref(ld));
        }
        let v = self.load(ld, leaf.ty)?;
        self.value_of(v, span)
    }

    /// Stores a leaf of the aggregate `d` points at.
    fn leaf_store(&mut self, d: ValueId, leaf: &Leaf, v: ValueId) -> Result<(), LowerError> {
        let ld = self.leaf_deref(d, leaf)?;
        if leaf.column {
            let (_, rows) = leaf.shape(self.cx.m);
            self.b.store_deref(ld, v, (1u32 << rows) - 1);
            return Ok(());
        }
        self.store(ld, leaf.ty, &Operand::Value(v))
    }

    /// The deref of a leaf of the aggregate `d` points at.
    fn leaf_deref(&mut self, d: ValueId, leaf: &Leaf) -> Result<ValueId, LowerError> {
        let mut cur = d;
        for s in &leaf.path {
            cur = match *s {
                Step::Index(i) => {
                    let k = self.b.imm_u32(i);
                    self.d_array(cur, k)?
                }
                Step::Member(i) => self.d_struct(cur, i)?,
            };
        }
        Ok(cur)
    }

    /// A call of a function only declared in this unit, taking or returning aggregates:
    /// a call of its flattened form.
    pub(crate) fn call_flat(
        &mut self,
        hf: hir::FuncId,
        args: &[hir::ExprId],
        span: Span,
    ) -> Result<Option<Operand>, LowerError> {
        let m = self.cx.m;
        let func = m.function(hf);
        let fid = self.cx.callee_flat(self.b.types, hf)?;
        let mut in_vals: Vec<ValueId> = Vec::new();
        let mut shapes: Vec<(u8, u8)> = Vec::new();
        // (deref of the aggregate written, its leaves)
        let mut outs: Vec<(ValueId, Vec<Leaf>)> = Vec::new();
        let ret_value = match shape(m, func.ret) {
            Shape::Value { scalar, n } => Some((value_bits(scalar), n)),
            _ => None,
        };
        shapes.extend(ret_value);
        for (p, a) in func.params.iter().zip(args) {
            let pv = m.var(*p);
            let dir = param_dir(pv);
            let ls = leaves_of(m, pv.ty, span)?;
            let place = match dir {
                hir::ParamDir::Out | hir::ParamDir::InOut => match self.place(*a)? {
                    Place::Deref(d, _) => Some(d),
                    Place::Swizzle(..) => {
                        return Err(LowerError::new("an aggregate swizzle", Some(span)))
                    }
                },
                _ => None,
            };
            if dir != hir::ParamDir::Out {
                let d = match place {
                    Some(d) => d,
                    None => {
                        let op = self.expr(*a)?;
                        self.spill(op, pv.ty, span)?
                    }
                };
                for leaf in &ls {
                    let v = self.leaf_load(d, leaf, span)?;
                    in_vals.push(v);
                }
            }
            if let Some(d) = place {
                shapes.extend(ls.iter().map(|l| l.shape(m)));
                outs.push((d, ls));
            }
        }
        let ret_mem = if ret_value.is_none() && shape(m, func.ret) != Shape::Void {
            let t = self.temp("return", func.ret, span)?;
            let d = self.deref_var(t);
            let ls = leaves_of(m, func.ret, span)?;
            shapes.extend(ls.iter().map(|l| l.shape(m)));
            outs.push((d, ls));
            Some(d)
        } else {
            None
        };
        let dests = self.b.call(fid, &in_vals, &shapes);
        let mut k = usize::from(ret_value.is_some());
        for (d, ls) in &outs {
            for leaf in ls {
                let Some(&v) = dests.get(k) else {
                    break;
                };
                k += 1;
                self.leaf_store(*d, leaf, v)?;
            }
        }
        Ok(match (ret_value, ret_mem) {
            (Some(_), _) => dests.first().map(|v| Operand::Value(*v)),
            (None, Some(d)) => Some(self.load(d, func.ret)?),
            (None, None) => None,
        })
    }
}

/// Lowers the body of a flattened function: rebuilds the aggregates from the leaf
/// parameters, runs the GLSL body inlined, and writes `out` aggregates and the result back.
pub(crate) fn lower_flat_function(
    cx: &mut Cx<'_>,
    types: &mut Types,
    hf: hir::FuncId,
    fid: FuncId,
) -> Result<(), LowerError> {
    let m = cx.m;
    let func = m.function(hf);
    let span = func.span;
    let mut f = std::mem::replace(&mut cx.ir_funcs[fid], Function::placeholder());
    let params: Vec<VarId> = f.params.iter().map(|p| p.var).collect();
    let ret_var = f.ret;
    let result = {
        let b = Builder::new(&mut f, types);
        let mut fc = FnCx {
            cx,
            b,
            fid,
            locals: FxHashMap::default(),
            ret: None,
            ctl: Vec::new(),
            inline_stack: SmallVec::new(),
            span,
            claimed: fresnel_ir::analysis::BitSet::default(),
        };
        let r = (|| -> Result<(), LowerError> {
            let mut k = 0usize;
            let mut binds: Vec<(hir::VarId, Local)> = Vec::new();
            // (local aggregate, its leaves, first leaf parameter) of out/inout parameters
            let mut back: Vec<(VarId, Vec<Leaf>, usize)> = Vec::new();
            for &p in &func.params {
                let pv = m.var(p);
                let dir = param_dir(pv);
                let ls = leaves_of(m, pv.ty, span)?;
                let name = fc.cx.interner.resolve(pv.name).to_string();
                let tv = fc.temp(&name, pv.ty, pv.span)?;
                if dir != hir::ParamDir::Out {
                    for (i, leaf) in ls.iter().enumerate() {
                        let Some(&pv) = params.get(k + i) else {
                            break;
                        };
                        let pd = fc.deref_var(pv);
                        let v = fc.b.load_deref(pd);
                        let d = fc.deref_var(tv);
                        fc.leaf_store(d, leaf, v)?;
                    }
                }
                let n = ls.len();
                if matches!(dir, hir::ParamDir::Out | hir::ParamDir::InOut) {
                    back.push((tv, ls, k));
                }
                binds.push((p, Local::Var(tv)));
                k += n;
            }
            let result = fc.inline_body(hf, binds, Vec::new(), span)?;
            for (tv, ls, first) in back {
                for (i, leaf) in ls.iter().enumerate() {
                    let d = fc.deref_var(tv);
                    let v = fc.leaf_load(d, leaf, span)?;
                    let Some(&pv) = params.get(first + i) else {
                        break;
                    };
                    let pd = fc.deref_var(pv);
                    let (_, n) = leaf.shape(m);
                    fc.b.store_deref(pd, v, (1u32 << n) - 1);
                }
            }
            match (result, ret_var) {
                (Some(op), Some(rv)) => {
                    let d = fc.deref_var(rv);
                    fc.store(d, func.ret, &op)?;
                }
                (Some(op), None) => {
                    let d = fc.spill(op, func.ret, span)?;
                    for (i, leaf) in leaves_of(m, func.ret, span)?.iter().enumerate() {
                        let v = fc.leaf_load(d, leaf, span)?;
                        let Some(&pv) = params.get(k + i) else {
                            break;
                        };
                        let pd = fc.deref_var(pv);
                        let (_, n) = leaf.shape(m);
                        fc.b.store_deref(pd, v, (1u32 << n) - 1);
                    }
                }
                (None, _) => {}
            }
            Ok(())
        })();
        fc.b.finish();
        r
    };
    cx.total_instrs = cx.total_instrs.saturating_add(f.instrs.len());
    cx.ir_funcs[fid] = f;
    result
}
