//! Values of vendor extension types the IR does not model (cooperative matrices and vectors,
//! long vectors, ARM tensors, tensor layouts and views, bfloat16 and the 8-bit and
//! microscaling floats, `spirv_type` types): they live in memory (variables of
//! `Type::Opaque` named by the GLSL type, or aggregates of them), and every operation on
//! them is a `vendor_op` / `vendor_op_value` intrinsic naming the GLSL operation
//! (`fresnel_ir::vendor`): operators, constructors, conversions, element and swizzle reads
//! and writes, `.length()`, and built-in calls taking or returning such values. A result of
//! a vendor type goes to a new temporary whose deref is the intrinsic's first source; a
//! scalar or vector result is the value of `vendor_op_value`. Memory arguments (vendor
//! values, aggregates, buffers, `out` arguments) are derefs of the real l-value, other
//! arguments values. Constants of these types are built in code with `construct` from their
//! components (the IR has no constants of opaque types). The microscaling formats'
//! built-ins (`packFloat4xfe2m1EXT`, `bitcastExtractfe2m3EXT`, `floatue8m0BitsToIntEXT`, ...),
//! which the checker types loosely, get their result type from their name
//! (`ocp_result_type`).

use fresnel_ir::vendor::{small_float_type, vendor_op_index, SmallFloatFormat};
use fresnel_ir::{IndexKind, Intrinsic, ValueId};
use fresnel_sema::builtins::{ParamQual, SIGNATURES};
use fresnel_sema::constant::ConstValue;
use fresnel_sema::hir::{self, ExprKind};
use fresnel_sema::types::{Scalar, Type as HType, TypeId as HirTypeId};
use fresnel_syntax::ast::{BinaryOp, UnaryOp};
use fresnel_syntax::source::Span;

use crate::expr::Place;
use crate::func::FnCx;
use crate::types::{shape, value_bits, Shape};
use crate::{LowerError, Operand};

/// Most components a vendor constant is built from (long vectors, arrays of them).
const MAX_CONST_COMPONENTS: usize = 1 << 16;

/// Whether a scalar type is one the IR has no values for.
fn vendor_scalar(s: Scalar) -> bool {
    matches!(s, Scalar::BF16 | Scalar::FE5M2 | Scalar::FE4M3)
}

/// Whether a HIR type is itself a vendor type (not an aggregate of them).
pub fn is_vendor(m: &hir::Module, ty: HirTypeId) -> bool {
    match *m.types.get(ty) {
        HType::Ext(_) | HType::ExtOpaque(_) => true,
        HType::Scalar(s) | HType::Vector(s, _) | HType::Matrix { scalar: s, .. } => {
            vendor_scalar(s)
        }
        _ => false,
    }
}

/// Whether a HIR type is or holds (in arrays and structs) a vendor type.
pub fn contains_vendor(m: &hir::Module, ty: HirTypeId) -> bool {
    fn go(m: &hir::Module, ty: HirTypeId, depth: u32) -> bool {
        if depth > 64 {
            return false;
        }
        if is_vendor(m, ty) {
            return true;
        }
        match m.types.get(ty) {
            HType::Array { elem, .. } => go(m, *elem, depth + 1),
            HType::Struct(sid) if !m.types.is_block(ty) => m
                .types
                .struct_def(*sid)
                .members
                .iter()
                .any(|x| go(m, x.ty, depth + 1)),
            _ => false,
        }
    }
    go(m, ty, 0)
}

/// The `vendor_op` name of a binary operator.
fn binary_name(op: BinaryOp) -> &'static str {
    use BinaryOp as B;
    match op {
        B::Add => "op_add",
        B::Sub => "op_sub",
        B::Mul => "op_mul",
        B::Div => "op_div",
        B::Mod => "op_mod",
        B::BitAnd => "op_and",
        B::BitOr => "op_or",
        B::BitXor => "op_xor",
        B::Shl => "op_shl",
        B::Shr => "op_shr",
        B::Eq => "op_eq",
        B::Ne => "op_ne",
        B::Lt => "op_lt",
        B::Gt => "op_gt",
        B::Le => "op_le",
        B::Ge => "op_ge",
        B::LogicalAnd => "op_logical_and",
        B::LogicalOr => "op_logical_or",
        B::LogicalXor => "op_logical_xor",
    }
}

/// Built-ins the checker types loosely (result `<error>`), all of vendor extensions: the
/// microscaling floats' packing and bit casts (named `loose` in the HIR), `abortEXT`, and
/// the QCOM cooperative-matrix conversions.
fn loosely_checked(name: &str) -> bool {
    matches!(
        name,
        "loose"
            | "abortEXT"
            | "bitcastQCOM"
            | "extractSubArrayQCOM"
            | "vectorToCoopmatQCOM"
            | "coopmatToVectorQCOM"
    ) || ocp_format_of(name).is_some()
}

/// The format a microscaling built-in acts on (`packFloat4xfe2m1EXT`,
/// `bitcastExtractfe2m3EXT`, `floatue8m0BitsToIntEXT`, `uintBitsToFloatmxint8EXT`).
fn ocp_format_of(name: &str) -> Option<(&'static str, u32)> {
    if !name.ends_with("EXT") {
        return None;
    }
    let known = [
        "packFloat",
        "unpackFloat",
        "bitcastExtract",
        "float",
        "intBitsToFloat",
    ];
    let stem = name
        .strip_prefix("u")
        .filter(|r| r.starts_with("intBitsToFloat"));
    if !known.iter().any(|k| stem.unwrap_or(name).starts_with(k)) {
        return None;
    }
    SmallFloatFormat::ALL
        .into_iter()
        .find_map(|f| f.ocp_tag().filter(|t| name.contains(t)))
        .map(|t| (t, ocp_bits(t)))
}

/// Bits per component of the microscaling format named `tag` (`e2m1`: 4).
fn ocp_bits(tag: &str) -> u32 {
    SmallFloatFormat::ALL
        .into_iter()
        .find(|f| f.ocp_tag() == Some(tag))
        .map_or(8, |f| u32::from(f.bits()))
}

/// The GLSL name of a scalar, vector or long vector of a microscaling format.
fn ocp_type_name(format: &str, n: u32) -> String {
    match n {
        1 => format!("float{format}_t"),
        2..=4 => format!("f{format}vec{n}"),
        _ => format!("vector<float{format}_t, {n}>"),
    }
}

/// The number of components of a small float or ordinary scalar or vector type name
/// (`floate2m1_t`, `fe2m1vec3`, `vector<uint8_t, 7>`).
fn components_of_name(n: &str) -> Option<u32> {
    if let Some(rest) = n.strip_prefix("vector<") {
        let (_, k) = rest.strip_suffix('>')?.rsplit_once(',')?;
        return k.trim().parse().ok();
    }
    if n.starts_with("float") && n.ends_with("_t") {
        return Some(1);
    }
    let (_, k) = n.rsplit_once("vec")?;
    k.parse().ok()
}

impl FnCx<'_, '_, '_> {
    /// The number of components of a vendor-operation source (a deref or a value).
    fn src_components(&self, s: ValueId) -> Option<u32> {
        let v = &self.b.func.values[s];
        match &self.b.func.instrs[v.def].kind {
            fresnel_ir::InstrKind::Deref(d) => match self.b.types.get(d.ty) {
                fresnel_ir::Type::Vector { components, .. } => Some(u32::from(*components)),
                fresnel_ir::Type::Opaque(n) => components_of_name(n),
                _ => None,
            },
            _ => Some(u32::from(v.num_components)),
        }
    }

    /// (GL_EXT_float_e2m1 and the other microscaling formats) The IR type of the result of
    /// a microscaling built-in, which the checker types loosely: packing gives unsigned
    /// integers of the packed size (`packFloat4xfe2m1EXT`: `uint16_t`;
    /// `packFloat4xfe2m3EXT`: `u8vec3`), unpacking and `bitcastExtract*EXT` the format's
    /// vector, the bit casts integers or the format with the operand's components.
    fn ocp_result_type(&mut self, name: &str, srcs: &[ValueId]) -> Option<fresnel_ir::TypeId> {
        use fresnel_ir::BaseType;
        let (format, bits) = ocp_format_of(name)?;
        let plain = |types: &mut fresnel_ir::Types,
                     base: BaseType,
                     bits: u32,
                     n: u32|
         -> Option<fresnel_ir::TypeId> {
            let b = u8::try_from(bits).ok()?;
            Some(match n {
                1..=4 => types.vector(base, b, n as u8),
                _ => {
                    let t = if base == BaseType::Int { "int" } else { "uint" };
                    types.intern(fresnel_ir::Type::Opaque(format!(
                        "vector<{t}{bits}_t, {n}>"
                    )))
                }
            })
        };
        let count = |prefix: &str| -> Option<u32> {
            let rest = name.strip_prefix(prefix)?;
            let (n, _) = rest.split_once('x')?;
            n.parse().ok()
        };
        if let Some(n) = count("packFloat") {
            let total = n.checked_mul(bits)?;
            return if bits == 4 {
                if total <= 32 {
                    plain(self.b.types, BaseType::Uint, total, 1)
                } else {
                    plain(self.b.types, BaseType::Uint, 32, total / 32)
                }
            } else {
                plain(self.b.types, BaseType::Uint, total / 3, 3)
            };
        }
        let small = |n: u32| fresnel_ir::Type::Opaque(ocp_type_name(format, n));
        if let Some(n) = count("unpackFloat") {
            return Some(self.b.types.intern(small(n)));
        }
        let n = self.src_components(*srcs.first()?)?;
        if name.starts_with("bitcastExtract") || name.contains("BitsToFloat") {
            return Some(self.b.types.intern(small(n)));
        }
        if name.ends_with("BitsToIntEXT") {
            return plain(self.b.types, BaseType::Int, 8, n);
        }
        if name.ends_with("BitsToUintEXT") {
            return plain(self.b.types, BaseType::Uint, 8, n);
        }
        None
    }
}

/// The QCOM cooperative-matrix conversions and `abortEXT` return nothing (the conversions
/// write their last argument), though the checker types them loosely.
fn loose_void(name: &str) -> bool {
    matches!(
        name,
        "bitcastQCOM"
            | "extractSubArrayQCOM"
            | "vectorToCoopmatQCOM"
            | "coopmatToVectorQCOM"
            | "abortEXT"
    )
}

/// Built-in arguments (by name and position) that are written although the built-in has
/// no signature in the tables saying so.
fn ext_out_arg(name: &str, i: usize) -> bool {
    match name {
        "tensorReadARM" => i == 2,
        _ => false,
    }
}

impl FnCx<'_, '_, '_> {
    /// Emits one vendor operation whose result has HIR type `ty`: a scalar or vector is the
    /// value of `vendor_op_value`; `void` writes `srcs[0]`; anything else goes to a new
    /// temporary (the first source) and is returned as its contents.
    pub(crate) fn vendor_op(
        &mut self,
        name: &str,
        ty: Option<HirTypeId>,
        srcs: &[ValueId],
        span: Span,
    ) -> Result<Option<Operand>, LowerError> {
        self.vendor_op_calling(name, ty, srcs, span, &[])
    }

    /// [`Self::vendor_op`] of an operation that takes functions (`coopMatPerElementNV`'s
    /// element function; `coopMatLoadTensorNV`'s decode and vector decode functions): their
    /// indices in the IR as the `callee` and `callee2` indices, in argument order.
    fn vendor_op_calling(
        &mut self,
        name: &str,
        ty: Option<HirTypeId>,
        srcs: &[ValueId],
        span: Span,
        callees: &[fresnel_ir::FuncId],
    ) -> Result<Option<Operand>, LowerError> {
        let Some(op) = vendor_op_index(name) else {
            return Err(LowerError::new(
                format!("operation `{name}` on a vendor extension type is not supported by the IR lowering"),
                Some(span),
            ));
        };
        let mut idx: fresnel_ir::Indices = smallvec::smallvec![(IndexKind::VendorOp, op)];
        if callees.len() > IndexKind::CALLEES.len() {
            return Err(LowerError::new(
                format!("`{name}`: too many function arguments"),
                Some(span),
            ));
        }
        for (k, c) in IndexKind::CALLEES.into_iter().zip(callees) {
            idx.push((k, i64::from(c.0)));
        }
        let idx = &idx[..];
        let m = self.cx.m;
        let sh = ty.map_or(Shape::Void, |t| shape(m, t));
        // (Issue 5, helper F) An ordinary result of an operation on the small float types
        // goes through a temporary of its type, as their ordinary sources do
        // (`small_float_typed_srcs`): the value alone would not say its base type.
        let small_float_op = self.small_float_srcs(srcs);
        match (sh, ty) {
            (Shape::Value { scalar, n }, _) if !small_float_op || scalar == Scalar::Bool => {
                let v = self
                    .b
                    .intrinsic(Intrinsic::VendorOpValue, srcs, n, value_bits(scalar), idx)
                    .ok_or_else(|| {
                        LowerError::new("vendor_op_value without a result", Some(span))
                    })?;
                Ok(Some(Operand::Value(v)))
            }
            (Shape::Void, _) | (_, None) => {
                let first_is_deref = srcs.first().is_some_and(|s| {
                    matches!(
                        self.b.func.instrs[self.b.func.values[*s].def].kind,
                        fresnel_ir::InstrKind::Deref(_)
                    )
                });
                if first_is_deref {
                    self.b.intrinsic(Intrinsic::VendorOp, srcs, 0, 32, idx);
                } else {
                    // No memory to act on: the operation still happens, on a scratch
                    // destination.
                    let bool_ty = self.b.types.scalar(fresnel_ir::BaseType::Uint, 32);
                    let t = self.new_local("vendor_void", bool_ty);
                    let d = self.deref_var(t);
                    let mut all = vec![d];
                    all.extend_from_slice(srcs);
                    self.b.intrinsic(Intrinsic::VendorOp, &all, 0, 32, idx);
                }
                Ok(None)
            }
            // A loosely checked built-in (`HIR type `<error>`, the name `loose`): the result
            // is an opaque value of unknown type, converted where it is stored.
            (_, Some(t)) if matches!(m.types.get(t), HType::Error) => {
                let ity = match self.ocp_result_type(name, srcs) {
                    Some(t) => t,
                    None => self
                        .b
                        .types
                        .intern(fresnel_ir::Type::Opaque("loose built-in result".into())),
                };
                let tv = self.new_local("vendor", ity);
                let d = self.deref_var(tv);
                let mut all = vec![d];
                all.extend_from_slice(srcs);
                self.b.intrinsic(Intrinsic::VendorOp, &all, 0, 32, idx);
                Ok(Some(Operand::Deref(d)))
            }
            (_, Some(t)) => {
                let tv = self.temp("vendor", t, span)?;
                let d = self.deref_var(tv);
                let mut all = vec![d];
                all.extend_from_slice(srcs);
                self.b.intrinsic(Intrinsic::VendorOp, &all, 0, 32, idx);
                Ok(Some(self.load(d, t)?))
            }
        }
    }

    /// A store into memory of a vendor type, or of a vendor value into memory of another
    /// type (the checker converts implicitly between the small float types without a
    /// conversion node): a `convert` operation. `false` when neither side is a vendor type
    /// or both have the same type (an ordinary store or copy).
    pub(crate) fn vendor_store(&mut self, d: ValueId, op: &Operand) -> Result<bool, LowerError> {
        let dty = self.b.deref_of(d).ty;
        let d_opaque = matches!(self.b.types.get(dty), fresnel_ir::Type::Opaque(_));
        let src = match op {
            Operand::Deref(s) => {
                let sty = self.b.deref_of(*s).ty;
                let s_opaque = matches!(self.b.types.get(sty), fresnel_ir::Type::Opaque(_));
                if sty == dty || !(d_opaque || s_opaque) {
                    return Ok(false);
                }
                *s
            }
            Operand::Value(v) if d_opaque => *v,
            _ => return Ok(false),
        };
        let op = vendor_op_index("convert").unwrap_or(0);
        self.b.intrinsic(
            Intrinsic::VendorOp,
            &[d, src],
            0,
            32,
            &[(IndexKind::VendorOp, op)],
        );
        Ok(true)
    }

    /// An operand as one source of a vendor operation: values as they are, memory as its
    /// deref, matrices through a temporary.
    fn vendor_src(
        &mut self,
        op: Operand,
        ty: HirTypeId,
        span: Span,
    ) -> Result<ValueId, LowerError> {
        match op {
            Operand::Value(v) => Ok(v),
            Operand::Deref(d) => Ok(d),
            Operand::Matrix(_) => {
                let t = self.temp("vendor_arg", ty, span)?;
                let d = self.deref_var(t);
                self.store(d, ty, &op)?;
                Ok(d)
            }
            Operand::Combined { texture, .. } => Ok(texture),
        }
    }

    /// An expression as a vendor-operation source. A function named as an argument
    /// (`coopMatPerElementNV(r, m, func)`, `coopMatReduceNV`'s combine function,
    /// `coopMatLoadTensorNV`'s decode function) has no value: an undefined 32-bit source
    /// holds its place, and the operation names the function by its `callee` index
    /// (`Module::func_args` says which).
    fn vendor_arg(&mut self, e: hir::ExprId) -> Result<ValueId, LowerError> {
        let (ty, span) = (self.cx.m.expr(e).ty, self.cx.m.expr(e).span);
        if matches!(self.cx.m.expr(e).kind, ExprKind::Error) {
            return Ok(self.b.undef(32, 1));
        }
        let op = self.expr(e)?;
        self.vendor_src(op, ty, span)
    }

    /// `abortEXT(message, args...)` (GL_EXT_abort): the vendor operation `abortEXT`, whose
    /// sources are the message's parts in order: each string literal the deref of a new
    /// local holding its bytes and a terminating NUL (an initialized `[N x u8]` nothing
    /// writes), each other argument its value. A call without a string starts with the
    /// empty one.
    fn abort_op(
        &mut self,
        args: &[hir::ExprId],
        span: Span,
    ) -> Result<Option<Operand>, LowerError> {
        let (m, interner) = (self.cx.m, self.cx.interner);
        let mut srcs = Vec::with_capacity(args.len() + 1);
        if !args
            .first()
            .is_some_and(|a| matches!(m.expr(*a).kind, ExprKind::StrLit(_)))
        {
            srcs.push(self.abort_message("", span)?);
        }
        for &a in args {
            let s = match m.expr(a).kind {
                ExprKind::StrLit(s) => {
                    let text = interner.resolve(s);
                    let text = text
                        .strip_prefix('"')
                        .and_then(|t| t.strip_suffix('"'))
                        .unwrap_or(text);
                    self.abort_message(text, span)?
                }
                _ => self.vendor_arg(a)?,
            };
            srcs.push(s);
        }
        self.vendor_op("abortEXT", None, &srcs, span)
    }

    /// A new local holding the bytes of `text` and a NUL (see [`Self::abort_op`]): its deref.
    fn abort_message(&mut self, text: &str, span: Span) -> Result<ValueId, LowerError> {
        let bytes: Vec<u8> = text.bytes().chain(std::iter::once(0)).collect();
        let len = u32::try_from(bytes.len())
            .map_err(|_| LowerError::new("an abort message this long", Some(span)))?;
        let u8t = self.b.types.scalar(fresnel_ir::BaseType::Uint, 8);
        let t = self.b.types.array(u8t, len);
        let v = self.new_local("abort_message", t);
        self.cx.vars[v].init = Some(fresnel_ir::Constant::Composite(
            bytes
                .iter()
                .map(|b| fresnel_ir::Constant::Vector(vec![u64::from(*b)]))
                .collect(),
        ));
        Ok(self.deref_var(v))
    }

    /// The deref of an l-value expression (a swizzle of a vector is not one).
    fn vendor_place(&mut self, e: hir::ExprId) -> Result<ValueId, LowerError> {
        let span = self.cx.m.expr(e).span;
        match self.place(e)? {
            Place::Deref(d, _) => Ok(d),
            Place::Swizzle(..) => Err(LowerError::new(
                "a swizzle as the memory argument of a vendor extension operation is not supported",
                Some(span),
            )),
        }
    }

    /// Lowers expression `e` when it operates on vendor types (`None`: not such an
    /// expression, lower it as usual).
    pub(crate) fn vendor_expr(
        &mut self,
        e: hir::ExprId,
    ) -> Result<Option<Option<Operand>>, LowerError> {
        let m = self.cx.m;
        let ex = m.expr(e);
        // A shader with no vendor type: only the loosely checked built-ins are ours
        // (performance: asked for every expression).
        if !self.cx.any_vendor
            && !matches!(&ex.kind, ExprKind::Builtin(f, _) if loosely_checked(f.name))
        {
            return Ok(None);
        }
        let (ty, span) = (ex.ty, ex.span);
        let v = |t: HirTypeId| is_vendor(m, t);
        let ety = |x: hir::ExprId| m.expr(x).ty;
        Ok(Some(match &ex.kind {
            ExprKind::Const(c) if contains_vendor(m, ty) => Some(self.vendor_const(c, ty, span)?),
            ExprKind::Index(base, idx) if v(ety(*base)) => {
                let b = self.vendor_arg(*base)?;
                let i = self.vendor_arg(*idx)?;
                self.vendor_op("extract", Some(ty), &[b, i], span)?
            }
            ExprKind::Swizzle(base, comps) if v(ety(*base)) => {
                let mut srcs = vec![self.vendor_arg(*base)?];
                for c in comps {
                    srcs.push(self.b.imm_u32(u32::from(*c)));
                }
                self.vendor_op("swizzle", Some(ty), &srcs, span)?
            }
            ExprKind::ArrayLength(a) if v(ety(*a)) => {
                let s = self.vendor_arg(*a)?;
                self.vendor_op("array_length", Some(ty), &[s], span)?
            }
            ExprKind::Convert(a) if v(ty) || v(ety(*a)) => {
                let mut s = [self.vendor_arg(*a)?];
                self.small_float_typed_srcs(&mut s, &[ety(*a)], ty, true, span)?;
                self.vendor_op("convert", Some(ty), &s, span)?
            }
            ExprKind::Construct(cty, args) if v(*cty) || args.iter().any(|a| v(ety(*a))) => {
                let mut srcs = Vec::with_capacity(args.len());
                for a in args {
                    srcs.push(self.vendor_arg(*a)?);
                }
                let tys: Vec<HirTypeId> = args.iter().map(|a| ety(*a)).collect();
                self.small_float_typed_srcs(&mut srcs, &tys, *cty, true, span)?;
                self.vendor_op("construct", Some(*cty), &srcs, span)?
            }
            ExprKind::Unary(op, a) if v(ty) || v(ety(*a)) => match op {
                UnaryOp::Plus => Some(self.expr(*a)?),
                UnaryOp::Neg | UnaryOp::Not | UnaryOp::BitNot => {
                    let name = match op {
                        UnaryOp::Neg => "op_neg",
                        UnaryOp::Not => "op_not",
                        _ => "op_bitnot",
                    };
                    let s = self.vendor_arg(*a)?;
                    self.vendor_op(name, Some(ty), &[s], span)?
                }
                UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                    let name = if matches!(op, UnaryOp::PreInc | UnaryOp::PostInc) {
                        "op_add"
                    } else {
                        "op_sub"
                    };
                    let d = self.vendor_place(*a)?;
                    let old = if matches!(op, UnaryOp::PostInc | UnaryOp::PostDec) {
                        let t = self.temp("vendor_old", ty, span)?;
                        let td = self.deref_var(t);
                        self.b.copy_deref(td, d);
                        Some(td)
                    } else {
                        None
                    };
                    let one = self.vendor_one(ty);
                    self.b.intrinsic(
                        Intrinsic::VendorOp,
                        &[d, d, one],
                        0,
                        32,
                        &[(IndexKind::VendorOp, vendor_op_index(name).unwrap_or(0))],
                    );
                    Some(Operand::Deref(old.unwrap_or(d)))
                }
            },
            // Element and swizzle writes of a vendor value.
            ExprKind::Assign { op, lhs, rhs } => {
                let (base, sel) = match &m.expr(*lhs).kind {
                    ExprKind::Index(b, i) if v(ety(*b)) => (*b, Ok(*i)),
                    ExprKind::Swizzle(b, c) if v(ety(*b)) => (*b, Err(c.clone())),
                    _ => return Ok(None),
                };
                let d = self.vendor_place(base)?;
                let lty = ety(*lhs);
                let mut sel_srcs = Vec::new();
                match &sel {
                    Ok(i) => sel_srcs.push(self.vendor_arg(*i)?),
                    Err(comps) => {
                        for c in comps {
                            sel_srcs.push(self.b.imm_u32(u32::from(*c)));
                        }
                    }
                }
                let val = match op {
                    None => self.expr(*rhs)?,
                    Some(bop) => {
                        let mut srcs = vec![d];
                        srcs.extend_from_slice(&sel_srcs);
                        let read = if sel.is_ok() { "extract" } else { "swizzle" };
                        let old = self
                            .vendor_op(read, Some(lty), &srcs, span)?
                            .ok_or_else(|| LowerError::new("no element", Some(span)))?;
                        let r = self.expr(*rhs)?;
                        self.binary(*bop, old, lty, r, ety(*rhs), span)?
                    }
                };
                let vs = self.vendor_src(val.clone(), lty, span)?;
                let mut srcs = vec![d];
                srcs.extend_from_slice(&sel_srcs);
                srcs.push(vs);
                let write = if sel.is_ok() {
                    "insert"
                } else {
                    "insert_swizzle"
                };
                self.vendor_op(write, None, &srcs, span)?;
                Some(val)
            }
            ExprKind::Builtin(f, args)
                if (contains_vendor(m, ty)
                    || loosely_checked(f.name)
                    || args.iter().any(|a| contains_vendor(m, ety(*a))))
                    && (loosely_checked(f.name)
                        || !args
                            .iter()
                            .any(|a| matches!(m.expr(*a).kind, ExprKind::StrLit(_)))) =>
            {
                if f.name == "abortEXT" {
                    return self.abort_op(args, span).map(Some);
                }
                let sig = SIGNATURES.get(f.sig as usize);
                let mut srcs = Vec::with_capacity(args.len());
                for (i, &a) in args.iter().enumerate() {
                    // A string has no value: left out.
                    if matches!(m.expr(a).kind, ExprKind::StrLit(_)) {
                        continue;
                    }
                    let aty = ety(a);
                    let qual = sig
                        .and_then(|s| s.params.get(i))
                        .map_or(ParamQual::In, |p| p.qual);
                    let memory = matches!(shape(m, aty), Shape::Memory);
                    let s = if qual != ParamQual::In
                        || ext_out_arg(f.name, i)
                        || (memory && self.is_place(a))
                    {
                        self.vendor_place(a)?
                    } else {
                        self.vendor_arg(a)?
                    };
                    srcs.push(s);
                }
                let rty =
                    (!matches!(m.types.get(ty), HType::Void) && !loose_void(f.name)).then_some(ty);
                if srcs.len() == args.len() {
                    let tys: Vec<HirTypeId> = args.iter().map(|a| ety(*a)).collect();
                    self.small_float_typed_srcs(&mut srcs, &tys, ty, false, span)?;
                    // A microscaling built-in's operand that is not an integer (the checker
                    // types them loosely): through a temporary of its type, so the writer
                    // sees what it is (and refuses `bitcastExtractfe2m1EXT(1.0, 2)`).
                    if ocp_format_of(f.name).is_some() {
                        for (s, &t) in srcs.iter_mut().zip(&tys) {
                            let is_value = !matches!(
                                self.b.func.instrs[self.b.func.values[*s].def].kind,
                                fresnel_ir::InstrKind::Deref(_)
                            );
                            let plain =
                                matches!(m.types.get(t), HType::Scalar(_) | HType::Vector(..))
                                    && !is_vendor(m, t);
                            if is_value
                                && plain
                                && !m.types.scalar_of(t).is_some_and(|s| s.is_int())
                            {
                                let tv = self.temp("vendor_arg", t, span)?;
                                let d = self.deref_var(tv);
                                self.store(d, t, &Operand::Value(*s))?;
                                *s = d;
                            }
                        }
                    }
                }
                // Functions named as arguments: the operation's `callee` and `callee2`.
                let mut callees = Vec::new();
                for hf in args.iter().filter_map(|a| m.func_args.get(a).copied()) {
                    callees.push(self.cx.callee(self.b.types, hf)?);
                }
                self.vendor_op_calling(f.name, rty, &srcs, span, &callees)?
            }
            _ => return Ok(None),
        }))
    }

    /// `1` of the component type of a vendor type, for `++`/`--`: an ordinary scalar of the
    /// component type where it has one, else a 32-bit float.
    fn vendor_one(&mut self, ty: HirTypeId) -> ValueId {
        let m = self.cx.m;
        match m.types.scalar_of(ty).filter(|s| !vendor_scalar(*s)) {
            Some(s) if s.is_float() => {
                let bits = value_bits(s);
                let one = fresnel_ir::builder::float_bits(1.0, bits);
                self.b.constant(bits, &[one])
            }
            Some(s) => self.b.constant(value_bits(s), &[1]),
            None => self.b.imm_f32(1.0),
        }
    }

    /// A binary operator with a vendor operand (`None`: none is).
    pub(crate) fn vendor_binary(
        &mut self,
        op: BinaryOp,
        x: &Operand,
        xty: HirTypeId,
        y: &Operand,
        yty: HirTypeId,
        span: Span,
    ) -> Result<Option<Operand>, LowerError> {
        let m = self.cx.m;
        if !is_vendor(m, xty) && !is_vendor(m, yty) {
            return Ok(None);
        }
        let rty = match op {
            BinaryOp::Eq
            | BinaryOp::Ne
            | BinaryOp::Lt
            | BinaryOp::Gt
            | BinaryOp::Le
            | BinaryOp::Ge
            | BinaryOp::LogicalAnd
            | BinaryOp::LogicalOr
            | BinaryOp::LogicalXor => None,
            _ if is_vendor(m, xty) => Some(xty),
            _ => Some(yty),
        };
        let a = self.vendor_src(x.clone(), xty, span)?;
        let b = self.vendor_src(y.clone(), yty, span)?;
        match rty {
            Some(t) => self.vendor_op(binary_name(op), Some(t), &[a, b], span),
            None => {
                let v = self
                    .b
                    .intrinsic(
                        Intrinsic::VendorOpValue,
                        &[a, b],
                        1,
                        1,
                        &[(
                            IndexKind::VendorOp,
                            vendor_op_index(binary_name(op)).unwrap_or(0),
                        )],
                    )
                    .ok_or_else(|| {
                        LowerError::new("vendor_op_value without a result", Some(span))
                    })?;
                Ok(Some(Operand::Value(v)))
            }
        }
    }

    /// (Issue 5, helper F) The ordinary scalar and vector sources of an operation on the
    /// small float types and cooperative vectors alone (bfloat16, float e4m3/e5m2, the
    /// microscaling formats,
    /// GL_NV_cooperative_vector: no cooperative matrix or other vendor type involved), passed through temporaries of their own type: the IR's values
    /// have no base type, and a constant source (`bfloat16_t(u)` once `u` is propagated)
    /// would otherwise not say whether it is an integer or a float; the deref of a typed
    /// temporary does (the SPIR-V writer's conversions need it).
    fn small_float_typed_srcs(
        &mut self,
        srcs: &mut [ValueId],
        tys: &[HirTypeId],
        rty: HirTypeId,
        coopvec: bool,
        span: Span,
    ) -> Result<(), LowerError> {
        let m = self.cx.m;
        // (With `coopvec`, GL_NV_cooperative_vector values too: their constructors and
        // conversions convert from any scalar type. Their built-ins take constants, which
        // stay values.)
        let interner = self.cx.interner;
        let small = |t: HirTypeId| {
            matches!(
                m.types.get(t),
                HType::Scalar(s) | HType::Vector(s, _) if vendor_scalar(*s)
            ) || matches!(m.types.get(t), HType::ExtOpaque(n) if is_ocp_name(interner.resolve(*n)))
                || coopvec
                    && matches!(
                        m.types.get(t),
                        HType::Ext(fresnel_sema::types::ExtType::CoopVec { .. })
                    )
        };
        let other_vendor = |t: HirTypeId| contains_vendor(m, t) && !small(t);
        let involved = std::iter::once(rty).chain(tys.iter().copied());
        if involved.clone().any(other_vendor) || !involved.clone().any(small) {
            return Ok(());
        }
        for (s, &t) in srcs.iter_mut().zip(tys) {
            let is_value = !matches!(
                self.b.func.instrs[self.b.func.values[*s].def].kind,
                fresnel_ir::InstrKind::Deref(_)
            );
            let plain = matches!(m.types.get(t), HType::Scalar(_) | HType::Vector(..)) && !small(t);
            if is_value && plain {
                let tv = self.temp("vendor_arg", t, span)?;
                let d = self.deref_var(tv);
                self.store(d, t, &Operand::Value(*s))?;
                *s = d;
            }
        }
        Ok(())
    }

    /// (Issue 5, helper F) Whether the sources of a vendor operation touch the small float
    /// types (bfloat16, float e4m3/e5m2, the microscaling formats) and no other vendor type.
    fn small_float_srcs(&self, srcs: &[ValueId]) -> bool {
        let mut small = false;
        for s in srcs {
            let fresnel_ir::InstrKind::Deref(d) =
                &self.b.func.instrs[self.b.func.values[*s].def].kind
            else {
                continue;
            };
            let mut t = d.ty;
            for _ in 0..64 {
                match self.b.types.get(t) {
                    fresnel_ir::Type::Array { elem, .. } => t = *elem,
                    _ => break,
                }
            }
            if let fresnel_ir::Type::Opaque(n) = self.b.types.get(t) {
                if is_small_float_name(n) {
                    small = true;
                } else {
                    return false;
                }
            }
        }
        small
    }

    /// A constant of a type holding vendor types, built in a temporary: ordinary parts
    /// stored, vendor parts made by `construct` from their components.
    pub(crate) fn vendor_const(
        &mut self,
        c: &ConstValue,
        ty: HirTypeId,
        span: Span,
    ) -> Result<Operand, LowerError> {
        let t = self.temp("vendor_const", ty, span)?;
        let d = self.deref_var(t);
        let mut budget = MAX_CONST_COMPONENTS;
        self.vendor_const_into(d, c, ty, span, &mut budget, 0)?;
        Ok(Operand::Deref(d))
    }

    fn vendor_const_into(
        &mut self,
        d: ValueId,
        c: &ConstValue,
        ty: HirTypeId,
        span: Span,
        budget: &mut usize,
        depth: u32,
    ) -> Result<(), LowerError> {
        let m = self.cx.m;
        if depth > 64 {
            return Err(LowerError::new("constant nesting too deep", Some(span)));
        }
        if !contains_vendor(m, ty) {
            let op = self.const_operand(c, ty, span)?;
            return self.store(d, ty, &op);
        }
        let items: &[ConstValue] = match c {
            ConstValue::Composite(v) => v,
            other => std::slice::from_ref(other),
        };
        match m.types.get(ty).clone() {
            HType::Array { elem, .. } => {
                for (i, x) in items.iter().enumerate() {
                    let k = self.b.imm_u32(i as u32);
                    let de = self.d_array(d, k)?;
                    self.vendor_const_into(de, x, elem, span, budget, depth + 1)?;
                }
                Ok(())
            }
            HType::Struct(sid) => {
                let tys: Vec<HirTypeId> = m
                    .types
                    .struct_def(sid)
                    .members
                    .iter()
                    .map(|x| x.ty)
                    .collect();
                for (i, (x, mty)) in items.iter().zip(tys).enumerate() {
                    let dm = self.d_struct(d, i as u32)?;
                    self.vendor_const_into(dm, x, mty, span, budget, depth + 1)?;
                }
                Ok(())
            }
            _ => {
                // The scalar components, in order.
                let mut flat = Vec::new();
                flatten(c, &mut flat, budget)
                    .ok_or_else(|| LowerError::new("constant too large", Some(span)))?;
                let mut srcs = vec![d];
                // (Issue 5, helper F) The components of a small float constant are floats:
                // passed through `float` temporaries, which say so (see
                // `small_float_typed_srcs`).
                let small = m.types.scalar_of(ty).is_some_and(vendor_scalar);
                for s in flat {
                    let v = self.const_scalar(s);
                    let bits = self.b.func.values[v].bit_size;
                    if small
                        && matches!(
                            s,
                            ConstValue::F16(_) | ConstValue::F32(_) | ConstValue::F64(_)
                        )
                    {
                        let fty = self.b.types.scalar(fresnel_ir::BaseType::Float, bits);
                        let tv = self.new_local("vendor_const_component", fty);
                        let td = self.deref_var(tv);
                        self.b.store_deref(td, v, 1);
                        srcs.push(td);
                    } else {
                        srcs.push(v);
                    }
                }
                let op = vendor_op_index("construct").unwrap_or(0);
                self.b.intrinsic(
                    Intrinsic::VendorOp,
                    &srcs,
                    0,
                    32,
                    &[(IndexKind::VendorOp, op)],
                );
                Ok(())
            }
        }
    }

    /// One scalar constant as an IR value of its own type (16-bit floats as the 32-bit
    /// float they hold exactly).
    fn const_scalar(&mut self, c: &ConstValue) -> ValueId {
        match *c {
            ConstValue::Bool(b) => self.b.constant(1, &[u64::from(b)]),
            ConstValue::I8(x) => self.b.constant(8, &[u64::from(x as u8)]),
            ConstValue::I16(x) => self.b.constant(16, &[u64::from(x as u16)]),
            ConstValue::I32(x) => self.b.constant(32, &[u64::from(x as u32)]),
            ConstValue::I64(x) => self.b.constant(64, &[x as u64]),
            ConstValue::U8(x) => self.b.constant(8, &[u64::from(x)]),
            ConstValue::U16(x) => self.b.constant(16, &[u64::from(x)]),
            ConstValue::U32(x) => self.b.constant(32, &[u64::from(x)]),
            ConstValue::U64(x) => self.b.constant(64, &[x]),
            ConstValue::F16(x) | ConstValue::F32(x) => self.b.imm_f32(x),
            ConstValue::F64(x) => self.b.constant(64, &[x.to_bits()]),
            ConstValue::Composite(_) => self.b.imm_u32(0),
        }
    }
}

/// The scalar leaves of a constant, in order (`None` past the budget).
fn flatten<'c>(c: &'c ConstValue, out: &mut Vec<&'c ConstValue>, budget: &mut usize) -> Option<()> {
    match c {
        ConstValue::Composite(v) => {
            for x in v {
                flatten(x, out, budget)?;
            }
        }
        s => {
            *budget = budget.checked_sub(1)?;
            out.push(s);
        }
    }
    Some(())
}

/// (Issue 5, helper F) Whether an IR opaque type name is a small float scalar or vector
/// (`bfloat16_t`, `bf16vec2`, `floate4m3_t`, `fe4m3vec3`, `floate5m2_t`, `fe5m2vec4`, and
/// the microscaling formats' `floate2m1_t`, `fue8m0vec2`, ...).
fn is_small_float_name(n: &str) -> bool {
    small_float_type(n).is_some()
}

/// The scalar and vector types of the microscaling formats (`floate2m1_t`, `fe2m3vec2`,
/// `fue8m0vec4`, `floatmxint8_t`): small float types like those above, kept opaque by the
/// checker.
fn is_ocp_name(n: &str) -> bool {
    small_float_type(n).is_some_and(|(f, _)| f.is_ocp())
}

#[cfg(test)]
mod tests {
    /// Every microscaling built-in the checker names in the HIR is an IR vendor operation
    /// (the two lists live in crates that share no dependency).
    #[test]
    fn the_checker_names_only_ir_vendor_operations() {
        for name in fresnel_sema::check::OCP_BUILTINS {
            assert!(
                fresnel_ir::vendor::VENDOR_OPS.contains(name),
                "`{name}` is not in fresnel_ir::vendor::VENDOR_OPS"
            );
        }
    }
}
