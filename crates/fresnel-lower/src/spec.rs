//! Reads of specialization constants (helper E, issue 5).
//!
//! The checker folds specialization constants to their defaults for the checks that need a
//! constant, and keeps the unfolded expressions (`hir::Module::spec_unfolded`); the
//! expression lowering follows those, so a specialization constant reaches this module as an
//! `ExprKind::Var`. It becomes `load_spec_constant` (base = the `constant_id`), and
//! `gl_WorkGroupSize` with a `local_size_*_id` becomes `load_workgroup_size`. Everything
//! computed from them is ordinary ALU code, so specializing the shader changes the result.

use fresnel_ir::{IndexKind, Intrinsic};
use fresnel_sema::hir;
use fresnel_sema::types::TypeId as HirTypeId;
use fresnel_syntax::source::Span;

use crate::func::FnCx;
use crate::{LowerError, Operand};

impl FnCx<'_, '_, '_> {
    /// The `constant_id` of a specialization constant variable.
    fn spec_id(&self, var: &hir::Var) -> Option<u32> {
        var.quals
            .layout
            .iter()
            .rev()
            .find(|e| {
                self.cx
                    .interner
                    .resolve(e.name)
                    .eq_ignore_ascii_case("constant_id")
            })
            .and_then(|e| e.value)
            .and_then(|v| u32::try_from(v).ok())
    }

    /// A read of `v` when it is a specialization constant (or `gl_WorkGroupSize` made of
    /// them); `None` for any other variable (and for a specialization constant the
    /// lowering does not record, which then reads as its default).
    pub(crate) fn spec_constant_read(
        &mut self,
        v: hir::VarId,
        ty: HirTypeId,
        span: Span,
    ) -> Result<Option<Operand>, LowerError> {
        let m = self.cx.m;
        let var = m.var(v);
        if var.storage != hir::Storage::Const {
            return Ok(None);
        }
        if var.builtin
            && self.cx.interner.resolve(var.name) == "gl_WorkGroupSize"
            && self.cx.info.local_size_id.iter().any(Option::is_some)
        {
            let r = self
                .b
                .intrinsic(Intrinsic::LoadWorkgroupSize, &[], 3, 32, &[]);
            return Ok(r.map(Operand::Value));
        }
        let Some(id) = self.spec_id(var) else {
            return Ok(None);
        };
        // Records the constant in `ShaderInfo::spec_constants` (built-in constants made
        // specialization constants are recorded on first use).
        self.cx.global(self.b.types, v, span)?;
        let Some(sc) = self.cx.info.spec_constants.iter().find(|c| c.id == id) else {
            return Ok(None);
        };
        // A small float scalar (bfloat16_t, floate4m3_t, floate2m1_t, ...): read into a
        // temporary of its type by the vendor operation `spec_constant` (no IR values of
        // these types), when the HIR type is the constant's own.
        if fresnel_ir::vendor::is_small_float_scalar(self.b.types, sc.ty) {
            let sc_ty = sc.ty;
            let want = crate::types::ir_type(self.b.types, m, self.cx.interner, ty, None, span)?;
            if want != sc_ty {
                return Ok(None);
            }
            let k = self.b.imm_u32(id);
            return self.vendor_op("spec_constant", Some(ty), &[k], span);
        }
        let Some((bits, 1)) = self.b.types.value_shape(sc.ty) else {
            return Ok(None);
        };
        // The HIR type must agree (two declarations may share an id; the first wins).
        let want = crate::types::ir_type(self.b.types, m, self.cx.interner, ty, None, span)?;
        if self.b.types.value_shape(want) != Some((bits, 1)) {
            return Ok(None);
        }
        let r = self.b.intrinsic(
            Intrinsic::LoadSpecConstant,
            &[],
            1,
            bits,
            &[(IndexKind::Base, i64::from(id))],
        );
        Ok(r.map(Operand::Value))
    }
}

// ---- arrays sized by specialization constants (issue 5, helper B) ----

use fresnel_ir::{BaseType, SpecExpr, SpecOp, Type, TypeId, Types};
use fresnel_sema::constant::ConstValue;
use fresnel_syntax::ast::{BinaryOp, UnaryOp};

/// Nodes a specialization-constant array length may have (deeper expressions keep the
/// default length).
const MAX_SPEC_NODES: usize = 256;

impl crate::func::Cx<'_> {
    /// The IR type `ty` of the HIR variable `v` with the array dimensions the checker
    /// recorded as specialization-constant expressions (`hir::Module::spec_array_dims`)
    /// made specializable arrays ([`Types::spec_array`]). A dimension whose expression has
    /// an operation SPIR-V cannot specialize (floating point) keeps its default length.
    pub(crate) fn spec_array_type(
        &mut self,
        types: &mut Types,
        ty: TypeId,
        v: hir::VarId,
        span: Span,
    ) -> Result<TypeId, LowerError> {
        let Some(dims) = self.m.spec_array_dims.get(&v) else {
            return Ok(ty);
        };
        let dims = dims.clone();
        self.spec_dims(types, ty, &dims, span)
    }

    fn spec_dims(
        &mut self,
        types: &mut Types,
        ty: TypeId,
        dims: &[Option<hir::ExprId>],
        span: Span,
    ) -> Result<TypeId, LowerError> {
        let Some((first, rest)) = dims.split_first() else {
            return Ok(ty);
        };
        let Type::Array { elem, len, stride } = *types.get(ty) else {
            return Ok(ty);
        };
        let new_elem = self.spec_dims(types, elem, rest, span)?;
        let expr = match first {
            Some(e) if len > 0 => {
                let mut budget = MAX_SPEC_NODES;
                self.spec_expr(types, *e, span, &mut budget)?
            }
            _ => None,
        };
        Ok(match expr {
            Some(x) if matches!(x.ty().0, BaseType::Int | BaseType::Uint) => {
                types.spec_array(new_elem, len, stride, x)
            }
            _ if new_elem == elem => ty,
            _ => types.intern(Type::Array {
                elem: new_elem,
                len,
                stride,
            }),
        })
    }

    /// The scalar integer or boolean type of a HIR type.
    fn spec_scalar(
        &self,
        types: &mut Types,
        ty: HirTypeId,
        span: Span,
    ) -> Result<Option<(BaseType, u8)>, LowerError> {
        let t = crate::types::ir_type(types, self.m, self.interner, ty, None, span)?;
        Ok(match *types.get(t) {
            Type::Vector {
                base: BaseType::Bool,
                components: 1,
                ..
            } => Some((BaseType::Bool, 1)),
            Type::Vector {
                base: base @ (BaseType::Int | BaseType::Uint),
                bits,
                components: 1,
            } => Some((base, bits)),
            _ => None,
        })
    }

    /// The specialization-constant expression of a (folded or unfolded) HIR expression, or
    /// `None` when it has an operation `OpSpecConstantOp` cannot do in a shader.
    fn spec_expr(
        &mut self,
        types: &mut Types,
        e: hir::ExprId,
        span: Span,
        budget: &mut usize,
    ) -> Result<Option<SpecExpr>, LowerError> {
        if *budget == 0 {
            return Ok(None);
        }
        *budget -= 1;
        let m = self.m;
        if let Some(u) = m.spec_unfolded(e) {
            return self.spec_expr(types, u, span, budget);
        }
        let ex = m.expr(e);
        // gl_WorkGroupSize.x / gl_WorkGroupSize[0]
        let wg_component = |a: hir::ExprId| -> bool {
            let a = m.spec_unfolded(a).unwrap_or(a);
            matches!(m.expr(a).kind, hir::ExprKind::Var(v)
                if m.var(v).builtin && self.interner.resolve(m.var(v).name) == "gl_WorkGroupSize")
        };
        match &ex.kind {
            hir::ExprKind::Swizzle(a, c) if c.len() == 1 && c[0] < 3 && wg_component(*a) => {
                return Ok(Some(SpecExpr::WorkgroupSize(c[0])));
            }
            hir::ExprKind::Index(a, i) if wg_component(*a) => {
                if let hir::ExprKind::Const(c) = &m.expr(*i).kind {
                    if let Some(n @ 0..=2) = c.to_i64() {
                        return Ok(Some(SpecExpr::WorkgroupSize(n as u8)));
                    }
                }
                return Ok(None);
            }
            _ => {}
        }
        let Some((base, bits)) = self.spec_scalar(types, ex.ty, span)? else {
            return Ok(None);
        };
        if let Some(a) = conversion_operand(&ex.kind) {
            let Some(x) = self.spec_expr(types, a, span, budget)? else {
                return Ok(None);
            };
            return Ok(spec_convert(x, base, bits));
        }
        let signed = base == BaseType::Int;
        let node = |op: SpecOp, args: Vec<SpecExpr>| SpecExpr::Op {
            op,
            base,
            bits,
            args,
        };
        Ok(match &ex.kind {
            hir::ExprKind::Const(c) => match c {
                ConstValue::Composite(_)
                | ConstValue::F16(_)
                | ConstValue::F32(_)
                | ConstValue::F64(_) => None,
                c => {
                    let mut value = crate::vars::scalar_bits(c);
                    if bits < 64 {
                        value &= (1u64 << bits) - 1;
                    }
                    Some(SpecExpr::Const { base, bits, value })
                }
            },
            hir::ExprKind::Var(v) => {
                let var = m.var(*v);
                let Some(id) = spec_id_of(self.interner, var) else {
                    return Ok(None);
                };
                self.global(types, *v, span)?;
                let Some(sc) = self.info.spec_constants.iter().find(|c| c.id == id) else {
                    return Ok(None);
                };
                match *types.get(sc.ty) {
                    Type::Vector {
                        base: b,
                        bits: n,
                        components: 1,
                    } if b == base && (n == bits || b == BaseType::Bool) => {
                        Some(SpecExpr::SpecConstant { id, base, bits })
                    }
                    _ => None,
                }
            }
            hir::ExprKind::Unary(op, a) => {
                let Some(a) = self.spec_expr(types, *a, span, budget)? else {
                    return Ok(None);
                };
                match op {
                    UnaryOp::Plus => Some(a),
                    UnaryOp::Neg => Some(node(SpecOp::SNegate, vec![a])),
                    UnaryOp::BitNot => Some(node(SpecOp::Not, vec![a])),
                    UnaryOp::Not => Some(node(SpecOp::LogicalNot, vec![a])),
                    _ => None,
                }
            }
            hir::ExprKind::Binary(op, a, b) => {
                let operand_ty = m.expr(*a).ty;
                let Some((abase, _)) = self.spec_scalar(types, operand_ty, span)? else {
                    return Ok(None);
                };
                let Some(x) = self.spec_expr(types, *a, span, budget)? else {
                    return Ok(None);
                };
                let Some(y) = self.spec_expr(types, *b, span, budget)? else {
                    return Ok(None);
                };
                let s = abase == BaseType::Int;
                let abool = abase == BaseType::Bool;
                let pick = |sop, uop| if s { sop } else { uop };
                let op = match op {
                    BinaryOp::Mul => SpecOp::IMul,
                    BinaryOp::Div => pick(SpecOp::SDiv, SpecOp::UDiv),
                    BinaryOp::Mod => pick(SpecOp::SRem, SpecOp::UMod),
                    BinaryOp::Add => SpecOp::IAdd,
                    BinaryOp::Sub => SpecOp::ISub,
                    BinaryOp::Shl => SpecOp::ShiftLeftLogical,
                    BinaryOp::Shr => {
                        if signed {
                            SpecOp::ShiftRightArithmetic
                        } else {
                            SpecOp::ShiftRightLogical
                        }
                    }
                    BinaryOp::Lt => pick(SpecOp::SLessThan, SpecOp::ULessThan),
                    BinaryOp::Gt => pick(SpecOp::SGreaterThan, SpecOp::UGreaterThan),
                    BinaryOp::Le => pick(SpecOp::SLessThanEqual, SpecOp::ULessThanEqual),
                    BinaryOp::Ge => pick(SpecOp::SGreaterThanEqual, SpecOp::UGreaterThanEqual),
                    BinaryOp::Eq if abool => SpecOp::LogicalEqual,
                    BinaryOp::Ne if abool => SpecOp::LogicalNotEqual,
                    BinaryOp::Eq => SpecOp::IEqual,
                    BinaryOp::Ne => SpecOp::INotEqual,
                    BinaryOp::BitAnd => SpecOp::BitwiseAnd,
                    BinaryOp::BitXor => SpecOp::BitwiseXor,
                    BinaryOp::BitOr => SpecOp::BitwiseOr,
                    BinaryOp::LogicalAnd => SpecOp::LogicalAnd,
                    BinaryOp::LogicalOr => SpecOp::LogicalOr,
                    BinaryOp::LogicalXor => SpecOp::LogicalNotEqual,
                };
                // Integer operations on mixed operands: the checker converted them to
                // one type, except shifts (any integer amount).
                Some(node(op, vec![x, y]))
            }
            hir::ExprKind::Select {
                cond,
                then_expr,
                else_expr,
            } => {
                let c = self.spec_expr(types, *cond, span, budget)?;
                let t = self.spec_expr(types, *then_expr, span, budget)?;
                let f = self.spec_expr(types, *else_expr, span, budget)?;
                match (c, t, f) {
                    (Some(c), Some(t), Some(f)) => Some(node(SpecOp::Select, vec![c, t, f])),
                    _ => None,
                }
            }
            _ => None,
        })
    }
}

/// The operand of a conversion (`Convert(a)`, or a scalar constructor `int(a)`).
fn conversion_operand(kind: &hir::ExprKind) -> Option<hir::ExprId> {
    match kind {
        hir::ExprKind::Convert(a) => Some(*a),
        hir::ExprKind::Construct(_, v) if v.len() == 1 => Some(v[0]),
        _ => None,
    }
}

/// `x` converted to the scalar type (`base`, `bits`) with the operations `OpSpecConstantOp`
/// allows: width changes by `SConvert`/`UConvert` (by the source's signedness), a change
/// of signedness by adding zero, booleans by `Select` and `INotEqual`.
fn spec_convert(x: SpecExpr, base: BaseType, bits: u8) -> Option<SpecExpr> {
    let (xb, xbits) = x.ty();
    if (xb, xbits) == (base, bits) {
        return Some(x);
    }
    let zero = |base, bits| SpecExpr::Const {
        base,
        bits,
        value: 0,
    };
    match (xb, base) {
        (BaseType::Float, _) | (_, BaseType::Float) => None,
        (BaseType::Bool, _) => Some(SpecExpr::Op {
            op: SpecOp::Select,
            base,
            bits,
            args: vec![
                x,
                SpecExpr::Const {
                    base,
                    bits,
                    value: 1,
                },
                zero(base, bits),
            ],
        }),
        (_, BaseType::Bool) => Some(SpecExpr::Op {
            op: SpecOp::INotEqual,
            base,
            bits,
            args: vec![x, zero(xb, xbits)],
        }),
        _ => {
            // Width first (keeping the source's signedness), then signedness.
            let widened = if xbits == bits {
                x
            } else {
                let op = if xb == BaseType::Int {
                    SpecOp::SConvert
                } else {
                    SpecOp::UConvert
                };
                SpecExpr::Op {
                    op,
                    base: xb,
                    bits,
                    args: vec![x],
                }
            };
            if xb == base {
                Some(widened)
            } else {
                Some(SpecExpr::Op {
                    op: SpecOp::IAdd,
                    base,
                    bits,
                    args: vec![widened, zero(base, bits)],
                })
            }
        }
    }
}

/// The `constant_id` of a specialization constant variable.
fn spec_id_of(interner: &fresnel_syntax::intern::Interner, var: &hir::Var) -> Option<u32> {
    var.quals
        .layout
        .iter()
        .rev()
        .find(|e| interner.resolve(e.name).eq_ignore_ascii_case("constant_id"))
        .and_then(|e| e.value)
        .and_then(|v| u32::try_from(v).ok())
}
