//! Expressions: names, literals, operators and their type rules, implicit conversions,
//! swizzles, indexing, l-values, constant folding.

use smallvec::SmallVec;

use fresnel_syntax::ast::{self, BinaryOp, ExprKind as A, UnaryOp};
use fresnel_syntax::extensions::Ext;
use fresnel_syntax::intern::Symbol;
use fresnel_syntax::source::Span;
use fresnel_syntax::version::Stage;

use super::{Binding, Checker};
use crate::builtin_types::{OpaqueKind, Scalar};
use crate::constant::{self, ConstValue, EvalError};
use crate::hir::*;
use crate::types::{ids, ArraySize, StructKind, Type, TypeId};

/// What an implicit conversion is, for overload ranking (GLSL 4.00 section 6.1): an exact
/// match beats any conversion, a promotion (float -> double; with explicit arithmetic types
/// also int8/int16 -> int and float16 -> double) beats the other conversions, and a conversion
/// to float beats one to double. Other pairs are not ordered.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum ConvRank {
    Exact,
    Promotion,
    /// int/uint -> float.
    ToFloat,
    /// int/uint -> double.
    ToDouble,
    /// An integer widened keeping its signedness (GL_NV_gpu_shader5's ranking, where it
    /// beats conversions to floating point and changes of signedness).
    IntWiden,
    /// Any other implicit conversion (int -> uint, to 64-bit integers, ...).
    Other,
}

impl ConvRank {
    /// Whether this conversion is strictly better than `other`.
    pub(crate) fn better_than(self, other: ConvRank) -> bool {
        use ConvRank::*;
        match (self, other) {
            (a, b) if a == b => false,
            (Exact, _) => true,
            (_, Exact) => false,
            (Promotion, _) => true,
            (_, Promotion) => false,
            (ToFloat, ToDouble) => true,
            (IntWiden, _) => true,
            (_, IntWiden) => false,
            _ => false,
        }
    }
}

impl Checker<'_> {
    /// Whether a type is one the checker treats permissively: an extension type it does not
    /// model (cooperative matrices, long vectors, ...).
    /// Whether a type is the type of string literals (GL_EXT_debug_printf).
    pub(crate) fn is_string(&self, t: TypeId) -> bool {
        matches!(self.m.types.get(t), Type::ExtOpaque(s) if self.name(*s) == "string")
    }

    pub(crate) fn is_ext_opaque(&self, t: TypeId) -> bool {
        matches!(self.m.types.get(t), Type::ExtOpaque(_))
    }

    /// A scalar or vector of an OCP microscaling format (GL_EXT_float_e2m1 / e2m3 / e3m2 /
    /// ue8m0 / mxint8: `floate2m1_t`, `fe2m3vec3`, ...), which the checker keeps opaque
    /// (named types, not `Type::Vector`): its format (`e2m1`) and component count (1 for
    /// the scalar). Indexing and swizzles of these vectors need it, as `Type::Vector`
    /// gives it for the other vectors.
    pub(crate) fn ocp_shape(&self, t: TypeId) -> Option<(&'static str, u8)> {
        let Type::ExtOpaque(s) = *self.m.types.get(t) else {
            return None;
        };
        let text = self.name(s);
        OCP_FORMATS.iter().find_map(|&f| {
            if text
                .strip_prefix("float")
                .and_then(|t| t.strip_suffix("_t"))
                == Some(f)
            {
                return Some((f, 1));
            }
            let n = text
                .strip_prefix('f')?
                .strip_prefix(f)?
                .strip_prefix("vec")?;
            let n = match n {
                "2" => 2,
                "3" => 3,
                "4" => 4,
                _ => return None,
            };
            Some((f, n))
        })
    }

    /// The type of `n` components (a scalar for 1) of the OCP microscaling format `f`
    /// (`e2m1`): `floate2m1_t`, `fe2m1vec2`, ...
    pub(crate) fn ocp_type(&mut self, f: &str, n: u8) -> TypeId {
        let name = if n == 1 {
            format!("float{f}_t")
        } else {
            format!("f{f}vec{n}")
        };
        let sym = self.interner.intern(&name);
        self.m.types.intern(Type::ExtOpaque(sym))
    }

    /// Checks an expression.
    pub(crate) fn expr(&mut self, e: ast::ExprId) -> ExprId {
        let node = self.ast().expr(e);
        let span = node.span;
        match &node.kind {
            A::Ident(s) => self.ident(*s, span),
            A::IntLit(l) => {
                let c = match l.suffix {
                    ast::IntSuffix::None => ConstValue::I32(l.value as u32 as i32),
                    ast::IntSuffix::U => ConstValue::U32(l.value as u32),
                    ast::IntSuffix::L => ConstValue::I64(l.value as i64),
                    ast::IntSuffix::UL => ConstValue::U64(l.value),
                    ast::IntSuffix::S => ConstValue::I16(l.value as u16 as i16),
                    ast::IntSuffix::US => ConstValue::U16(l.value as u16),
                };
                self.const_expr(c, span)
            }
            A::FloatLit(l) => {
                let c = match l.suffix {
                    ast::FloatSuffix::None | ast::FloatSuffix::F => ConstValue::F32(l.value as f32),
                    ast::FloatSuffix::LF => ConstValue::F64(l.value),
                    ast::FloatSuffix::HF | ast::FloatSuffix::Small(_) => {
                        ConstValue::F16(constant::round_to_f16(l.value as f32))
                    }
                };
                self.const_expr(c, span)
            }
            A::BoolLit(b) => self.const_expr(ConstValue::Bool(*b), span),
            A::StrLit(text) => {
                // Strings are valid only as arguments of debugPrintfEXT and friends; the call
                // checks them. Elsewhere they have no type.
                if !self.any_ext(&[Ext::EXT_debug_printf, Ext::EXT_abort]) && !self.builtin_mode {
                    self.error(
                        "string-literal",
                        span,
                        "GLSL has no string literals (only GL_EXT_debug_printf and GL_EXT_abort use them)",
                    );
                    return self.error_expr(span);
                }
                if let Some(problem) = string_escape_problem(self.name(*text)) {
                    self.error("string-literal", span, problem);
                    return self.error_expr(span);
                }
                let sym = self.interner.intern("string");
                let t = self.m.types.intern(Type::ExtOpaque(sym));
                self.add_expr(ExprKind::StrLit(*text), t, span)
            }
            A::Unary { op, operand } => self.unary(*op, *operand, span),
            A::Binary { op, lhs, rhs } => self.binary(*op, *lhs, *rhs, span),
            A::Assign { op, lhs, rhs } => self.assign(*op, *lhs, *rhs, span),
            A::Ternary {
                cond,
                then_expr,
                else_expr,
            } => self.ternary(*cond, *then_expr, *else_expr, span),
            A::Comma(items) => {
                let items: Vec<ExprId> = items.iter().map(|i| self.expr(*i)).collect();
                let ty = items.last().map_or(ids::VOID, |l| self.ety(*l));
                // GLSL 1.20 and GLSL ES 3.00 exclude the sequence operator from constant
                // expressions; GLSL 1.10 and GLSL ES 1.00 fold it.
                let all_const = items.iter().all(|i| self.const_value(*i).is_some());
                if all_const && !self.at_least(120, 300) {
                    if let Some(c) = items.last().and_then(|l| self.const_value(*l)) {
                        return self.add_expr(ExprKind::Const(c), ty, span);
                    }
                }
                self.add_expr(ExprKind::Comma(items), ty, span)
            }
            A::Index { base, index } => self.index(*base, *index, span),
            A::Field {
                base,
                name,
                name_span,
            } => self.field(*base, *name, *name_span, span),
            A::Call { callee, args } => self.call(callee, self.ast().expr_list(*args), span),
            A::Method {
                base,
                name,
                name_span,
                args,
            } => {
                let args = self.ast().expr_list(*args);
                self.method(*base, *name, *name_span, args, span)
            }
            A::Cast { ty, operand } => {
                let ty = self.ast().type_spec(*ty);
                let t = self.resolve_type(ty);
                let v = self.expr(*operand);
                self.construct(t, vec![v], span, ty.span)
            }
            A::Error => self.error_expr(span),
        }
    }

    /// GLSL ES tessellation and geometry shaders have `gl_PointSize` (in `gl_in[]`, `gl_out[]`
    /// and their outputs) only with GL_EXT/OES_tessellation_point_size or
    /// GL_EXT/OES_geometry_point_size: ES 3.20's `gl_PerVertex` there holds `gl_Position` alone.
    fn check_es_point_size(&mut self, span: Span) {
        if !self.is_es() || self.builtin_mode {
            return;
        }
        let exts: &[Ext] = match self.stage {
            Some(Stage::TessControl | Stage::TessEval) => &[
                Ext::EXT_tessellation_point_size,
                Ext::OES_tessellation_point_size,
            ],
            Some(Stage::Geometry) => &[Ext::EXT_geometry_point_size, Ext::OES_geometry_point_size],
            _ => return,
        };
        self.require(span, "`gl_PointSize` in this stage", 0, 0, exts);
    }

    pub(crate) fn const_expr(&mut self, c: ConstValue, span: Span) -> ExprId {
        let ty = self.const_type(&c);
        self.add_expr(ExprKind::Const(c), ty, span)
    }

    /// The type of a scalar constant (composites come with their type from the caller).
    fn const_type(&mut self, c: &ConstValue) -> TypeId {
        match c.scalar_type() {
            Some(s) => self.m.types.scalar(s),
            None => ids::ERROR,
        }
    }

    fn ident(&mut self, s: fresnel_syntax::intern::Symbol, span: Span) -> ExprId {
        match self.lookup(s) {
            Some(Binding::Var(v)) => {
                if self.m.var(v).builtin {
                    self.check_builtin_var_use(v, span);
                    if let Some((b, _)) = self.m.var(v).block_member {
                        if self.is_per_vertex_block(b) {
                            self.check_builtin_member_use(s, span);
                        }
                    }
                    if self.name(s) == "gl_PointSize" {
                        self.check_es_point_size(span);
                    }
                }
                let var = self.m.var(v);
                let ty = var.ty;
                if var.storage == Storage::Const {
                    let spec = self.spec_constants.contains(&v);
                    if spec {
                        self.saw_spec_constant = true;
                    }
                    if let Some(c) = var.constant.clone() {
                        let init = var.init;
                        let id = self.add_expr(ExprKind::Const(c), ty, span);
                        if spec {
                            // Type parameters naming the same specialization constant match.
                            self.ext.spec_refs.insert(id, v);
                        }
                        self.keep_spec_ident(id, v, spec, init);
                        return id;
                    }
                }
                let precision = var
                    .quals
                    .precision
                    .or_else(|| self.default_precision_of(ty));
                self.used_vars.insert(v);
                let id = self.add_expr(ExprKind::Var(v), ty, span);
                self.m.exprs[id.index()].precision = precision;
                id
            }
            Some(Binding::Type(..)) => {
                self.error(
                    "type-as-value",
                    span,
                    format!("`{}` is a type, not a value", self.name(s)),
                );
                self.error_expr(span)
            }
            Some(Binding::Func) if self.ext_on(Ext::NV_cooperative_matrix2) => {
                // GL_NV_cooperative_matrix2 passes functions (reductions, decoders) to its
                // built-ins by name.
                let sym = self.interner.intern("function");
                let t = self.m.types.intern(Type::ExtOpaque(sym));
                let id = self.add_expr(ExprKind::Error, t, span);
                self.ext.func_refs.insert(id, s);
                id
            }
            Some(Binding::Func) => {
                self.error(
                    "function-as-value",
                    span,
                    format!("`{}` is a function; call it with `( )`", self.name(s)),
                );
                self.error_expr(span)
            }
            None => {
                let text = self.name(s).to_string();
                let msg = if crate::builtins::is_builtin_function(&text) {
                    format!("`{text}` is a function; call it with `( )`")
                } else {
                    format!("`{text}` is not declared")
                };
                self.error("undeclared", span, msg);
                self.error_expr(span)
            }
        }
    }

    // ---- conversions ----

    /// Whether an implicit conversion from scalar `from` to `to` exists here, and its rank.
    pub(crate) fn implicit_conversion(&self, from: Scalar, to: Scalar) -> Option<ConvRank> {
        use Scalar::*;
        if from == to {
            return Some(ConvRank::Exact);
        }
        let es_ok = self.ext_on(Ext::EXT_shader_implicit_conversions) && self.at_least(0, 310);
        if self.is_es() && !es_ok {
            return None;
        }
        if !self.is_es() && !self.at_least(120, 0) {
            return None;
        }
        let explicit = self.any_ext(&[
            Ext::EXT_shader_explicit_arithmetic_types,
            Ext::EXT_shader_explicit_arithmetic_types_int8,
            Ext::EXT_shader_explicit_arithmetic_types_int16,
            Ext::EXT_shader_explicit_arithmetic_types_int64,
            Ext::EXT_shader_explicit_arithmetic_types_float16,
            Ext::AMD_gpu_shader_half_float,
            Ext::AMD_gpu_shader_int16,
        ]);
        let int64 =
            self.any_ext(&[Ext::ARB_gpu_shader_int64, Ext::AMD_gpu_shader_int64]) || explicit;
        let int_to_uint = self.at_least(400, 0)
            || self.any_ext(&[
                Ext::ARB_gpu_shader5,
                Ext::NV_gpu_shader5,
                Ext::MESA_shader_integer_functions,
            ])
            || es_ok;
        let float8 = self.any_ext(&[Ext::EXT_float_e5m2, Ext::EXT_float_e4m3]);
        if self.ext_on(Ext::NV_gpu_shader5) {
            // GL_NV_gpu_shader5's ranking: promotions to 32 bits, then widening within a
            // signedness, then the other conversions.
            match (from, to) {
                (I8 | I16, I32) | (U8 | U16, U32) | (F16, F32) => return Some(ConvRank::Promotion),
                (U8 | U16, I32) => return Some(ConvRank::Other),
                (I8, I16 | I64) | (I16 | I32, I64) | (U8, U16 | U64) | (U16 | U32, U64) => {
                    return Some(ConvRank::IntWiden)
                }
                _ => {}
            }
        }
        let r = match (from, to) {
            (F32, F64) => ConvRank::Promotion,
            (I32 | U32, F32) => ConvRank::ToFloat,
            (I32 | U32, F64) => ConvRank::ToDouble,
            (I32, U32) if int_to_uint => ConvRank::Other,
            (I32 | U32, I64 | U64) if int64 => ConvRank::Other,
            (I64, U64) if int64 => ConvRank::Other,
            (I64 | U64, F64) if int64 => ConvRank::ToDouble,
            (F16, F64) if explicit => ConvRank::Promotion,
            (F16, F32) if explicit => ConvRank::Other,
            (I8 | U8 | I16 | U16, I32) if explicit => ConvRank::Promotion,
            (I8 | U8 | I16 | U16, U32 | I64 | U64) if explicit => ConvRank::Other,
            (I8 | U8 | I16 | U16, F32) if explicit => ConvRank::ToFloat,
            (I8 | U8 | I16 | U16, F64) if explicit => ConvRank::ToDouble,
            (I8 | I16, F16) | (U8 | U16, F16) if explicit => ConvRank::Other,
            // GL_EXT_bfloat16 and GL_EXT_float8_e5m2_e4m3 widen to the standard floats.
            (BF16, F32) if self.ext_on(Ext::EXT_bfloat16) => ConvRank::ToFloat,
            (BF16, F64) if self.ext_on(Ext::EXT_bfloat16) => ConvRank::ToDouble,
            (FE5M2 | FE4M3, BF16 | F16) if float8 => ConvRank::Other,
            (FE5M2 | FE4M3, F32) if float8 => ConvRank::ToFloat,
            (FE5M2 | FE4M3, F64) if float8 => ConvRank::ToDouble,
            (I8, I16) | (U8, U16) | (I8, U8) | (I16, U16) | (U8, I16) if explicit => {
                ConvRank::Other
            }
            _ => return None,
        };
        Some(r)
    }

    /// The rank of converting a value of type `from` to type `to` implicitly (same shape).
    pub(crate) fn conversion_rank(&self, from: TypeId, to: TypeId) -> Option<ConvRank> {
        if from == to {
            return Some(ConvRank::Exact);
        }
        if self.m.types.is_error(from) || self.m.types.is_error(to) {
            return Some(ConvRank::Exact);
        }
        // The rules live in `btype_conversion` (overload resolution ranks built-in parameters
        // with it directly); only scalars, vectors and matrices convert.
        match (self.m.types.to_btype(from), self.m.types.to_btype(to)) {
            (Some(a), Some(b)) => self.btype_conversion(a, b),
            _ => None,
        }
    }

    /// Converts an expression to a type of the same shape (folding constants).
    pub(crate) fn convert(&mut self, e: ExprId, to: TypeId) -> ExprId {
        let from = self.ety(e);
        if from == to || self.m.types.is_error(to) || self.m.types.is_error(from) {
            return e;
        }
        let span = self.espan(e);
        if let (Some(c), Some(s)) = (self.const_value(e), self.m.types.scalar_of(to)) {
            let id = self.add_expr(ExprKind::Const(c.convert(s)), to, span);
            return self.keep_spec(id, ExprKind::Convert(e));
        }
        let id = self.add_expr(ExprKind::Convert(e), to, span);
        self.m.exprs[id.index()].precision = self.m.expr(e).precision;
        id
    }

    /// Converts `e` to `to` if an implicit conversion exists; reports otherwise.
    /// Whether `to` is `from` with some array dimensions left unsized (`float[][]` for
    /// `float[3][4]`): what an initializer or an array constructor's element sizes.
    pub(crate) fn sizes_fit(&self, from: TypeId, to: TypeId) -> bool {
        let (mut from, mut to) = (from, to);
        loop {
            if from == to {
                return true;
            }
            match (self.m.types.get(from), self.m.types.get(to)) {
                (
                    Type::Array {
                        elem: a,
                        size: sa @ ArraySize::Fixed(_),
                    },
                    Type::Array { elem: b, size: sb },
                ) if *sb == ArraySize::Unsized || sa == sb => {
                    (from, to) = (*a, *b);
                }
                _ => return false,
            }
        }
    }

    /// Whether any dimension of an array (of arrays) type is unsized.
    pub(crate) fn has_unsized_dim(&self, ty: TypeId) -> bool {
        let mut t = ty;
        while let Type::Array { elem, size } = self.m.types.get(t) {
            if *size == ArraySize::Unsized {
                return true;
            }
            t = *elem;
        }
        false
    }

    pub(crate) fn coerce(&mut self, e: ExprId, to: TypeId, what: &str) -> ExprId {
        self.coerce_with(e, to, |_| what.to_owned())
    }

    /// [`Self::coerce`] with the context of the message (`what`) spelled only when there is
    /// an error (performance: a constructor's arguments are coerced one by one, and naming
    /// each one, with its type's name, cost more than checking it).
    pub(crate) fn coerce_with(
        &mut self,
        e: ExprId,
        to: TypeId,
        what: impl FnOnce(&Self) -> String,
    ) -> ExprId {
        let from = self.ety(e);
        if from == to || self.m.types.is_error(from) || self.m.types.is_error(to) {
            return e;
        }
        // The types kept opaque convert loosely (the microscaling literals are `float16_t`
        // constants), but two OCP microscaling types that differ (format or component
        // count: `fe2m1vec3 v = w.xy;`) have no conversion.
        // (performance: the names are read only for the opaque types)
        if (self.is_ext_opaque(from) || self.is_ext_opaque(to))
            && !(self.ocp_shape(from).is_some() && self.ocp_shape(to).is_some())
        {
            return e;
        }
        if self.conversion_rank(from, to).is_some() {
            return self.convert(e, to);
        }
        // An unsized array type takes the initializer's sizes (every unsized dimension of an
        // array of arrays: `float[][] x = float[3][4](...)`).
        if self.sizes_fit(from, to) {
            return e;
        }
        let span = self.espan(e);
        let what = what(self);
        let msg = format!(
            "{what}: expected `{}`, found `{}`",
            self.ty_name(to),
            self.ty_name(from)
        );
        let msg = if self.is_es()
            && self.m.types.scalar_of(from).is_some()
            && self.m.types.scalar_of(to).is_some()
        {
            format!("{msg} (GLSL ES has no implicit conversions)")
        } else {
            msg
        };
        self.error("type-mismatch", span, msg);
        e
    }

    // ---- operators ----

    fn unary(&mut self, op: UnaryOp, operand: ast::ExprId, span: Span) -> ExprId {
        let v = self.expr(operand);
        let ty = self.ety(v);
        if self.m.types.is_error(ty) {
            return self.error_expr(span);
        }
        if self.is_ext_opaque(ty) {
            return self.add_expr(ExprKind::Unary(op, v), ty, span);
        }
        if self.m.types.ext(ty).is_some() {
            return self.ext_unary(op, v, span);
        }
        let scalar = self.m.types.scalar_of(ty);
        let ok = match op {
            UnaryOp::Plus | UnaryOp::Neg => scalar.is_some_and(|s| s != Scalar::Bool),
            UnaryOp::Not => matches!(self.m.types.get(ty), Type::Scalar(Scalar::Bool)),
            UnaryOp::BitNot => {
                self.require(span, "the `~` operator", 130, 300, &[Ext::EXT_gpu_shader4]);
                scalar.is_some_and(|s| s.is_int()) && !self.m.types.is_matrix(ty)
            }
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                let ok = scalar.is_some_and(|s| s != Scalar::Bool);
                if ok {
                    self.check_lvalue_read_write(v, op.text());
                }
                ok
            }
        };
        if !ok {
            self.error(
                "operand-type",
                span,
                format!(
                    "the `{}` operator cannot be applied to `{}`",
                    op.text(),
                    self.ty_name(ty)
                ),
            );
            return self.error_expr(span);
        }
        if !matches!(
            op,
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec
        ) {
            if let Some(c) = self.const_value(v) {
                if let Ok(r) = constant::unary(op, &c) {
                    let id = self.add_expr(ExprKind::Const(r), ty, span);
                    return self.keep_spec(id, ExprKind::Unary(op, v));
                }
            }
        }
        let id = self.add_expr(ExprKind::Unary(op, v), ty, span);
        self.m.exprs[id.index()].precision = self.m.expr(v).precision;
        id
    }

    /// Brings two operands to a common scalar type by implicit conversion.
    fn unify_scalars(&mut self, a: ExprId, b: ExprId) -> Option<(ExprId, ExprId)> {
        let (ta, tb) = (self.ety(a), self.ety(b));
        let (sa, sb) = (self.m.types.scalar_of(ta)?, self.m.types.scalar_of(tb)?);
        if sa == sb {
            return Some((a, b));
        }
        if self.implicit_conversion(sa, sb).is_some() {
            let t = self.m.types.with_scalar(ta, sb);
            return Some((self.convert(a, t), b));
        }
        if self.implicit_conversion(sb, sa).is_some() {
            let t = self.m.types.with_scalar(tb, sa);
            return Some((a, self.convert(b, t)));
        }
        None
    }

    fn binary(&mut self, op: BinaryOp, lhs: ast::ExprId, rhs: ast::ExprId, span: Span) -> ExprId {
        let a = self.expr(lhs);
        let b = self.expr(rhs);
        self.binary_exprs(op, a, b, span)
    }

    pub(crate) fn binary_exprs(
        &mut self,
        op: BinaryOp,
        a: ExprId,
        b: ExprId,
        span: Span,
    ) -> ExprId {
        use BinaryOp::*;
        let (ta, tb) = (self.ety(a), self.ety(b));
        if self.m.types.is_error(ta) || self.m.types.is_error(tb) {
            return self.error_expr(span);
        }
        // GL_EXT_buffer_reference2: `reference + n` and `reference - n` step by the size
        // of the block referred to; references support no other operator.
        let (ra, rb) = (self.m.types.is_block(ta), self.m.types.is_block(tb));
        if ra || rb {
            // `reference - reference`: the distance in elements, an `int64_t`.
            if ra && rb && ta == tb && matches!(op, Sub) {
                if !self.require(
                    span,
                    "arithmetic on buffer references",
                    0,
                    0,
                    &[Ext::EXT_buffer_reference2],
                ) {
                    return self.error_expr(span);
                }
                let i64t = self.m.types.scalar(Scalar::I64);
                return self.add_expr(ExprKind::Binary(op, a, b), i64t, span);
            }
            let (r, n, rt) = if ra { (a, b, ta) } else { (b, a, tb) };
            let int_other = matches!(self.m.types.get(self.ety(n)), Type::Scalar(s) if s.is_int());
            let arith = matches!(op, Add) || (matches!(op, Sub) && ra);
            if !(arith && int_other && !(ra && rb)) {
                self.error(
                    "operand-type",
                    span,
                    format!("the `{}` operator cannot be applied to buffer references (only `reference + integer` and `reference - integer`)", op.text()),
                );
                return self.error_expr(span);
            }
            if !self.require(
                span,
                "arithmetic on buffer references",
                0,
                0,
                &[Ext::EXT_buffer_reference2],
            ) {
                return self.error_expr(span);
            }
            let stride = self.reference_stride(rt);
            if let (Some(ConstValue::U64(addr)), Some(k)) = (
                self.const_value(r),
                self.const_value(n).and_then(|c| c.to_i64()),
            ) {
                let delta = (k as u64).wrapping_mul(stride);
                let v = if matches!(op, Sub) {
                    addr.wrapping_sub(delta)
                } else {
                    addr.wrapping_add(delta)
                };
                return self.add_expr(ExprKind::Const(ConstValue::U64(v)), rt, span);
            }
            return self.add_expr(ExprKind::Binary(op, a, b), rt, span);
        }
        if self.is_string(ta) || self.is_string(tb) {
            self.error(
                "operand-type",
                span,
                format!("the `{}` operator cannot be applied to strings", op.text()),
            );
            return self.error_expr(span);
        }
        if self.is_ext_opaque(ta) || self.is_ext_opaque(tb) {
            let rt = match op {
                Eq | Ne | Lt | Gt | Le | Ge | LogicalAnd | LogicalOr | LogicalXor => ids::BOOL,
                _ if self.is_ext_opaque(ta) => ta,
                _ => tb,
            };
            return self.add_expr(ExprKind::Binary(op, a, b), rt, span);
        }
        if self.m.types.ext(ta).is_some() || self.m.types.ext(tb).is_some() {
            return self.ext_binary(op, a, b, span);
        }
        let mismatch = |this: &mut Self, a: ExprId, b: ExprId| {
            let (ta, tb) = (this.ety(a), this.ety(b));
            this.error(
                "operand-type",
                span,
                format!(
                    "the `{}` operator cannot be applied to `{}` and `{}`",
                    op.text(),
                    this.ty_name(ta),
                    this.ty_name(tb)
                ),
            );
            this.error_expr(span)
        };
        match op {
            LogicalAnd | LogicalOr | LogicalXor => {
                let bool_t = ids::BOOL;
                if ta != bool_t || tb != bool_t {
                    return mismatch(self, a, b);
                }
                return self.fold_binary(op, a, b, bool_t, span);
            }
            Eq | Ne => {
                let (a, b) = if ta == tb {
                    (a, b)
                } else {
                    match self.unify_scalars(a, b) {
                        Some(p) if self.ety(p.0) == self.ety(p.1) => p,
                        _ => return mismatch(self, a, b),
                    }
                };
                let t = self.ety(a);
                if self.m.types.contains_opaque(t) {
                    self.error(
                        "operand-type",
                        span,
                        format!(
                            "values of opaque type `{}` cannot be compared",
                            self.ty_name(t)
                        ),
                    );
                    return self.error_expr(span);
                }
                if self.m.types.contains_array(t) {
                    self.require(span, "comparing arrays", 120, 300, &[]);
                }
                if matches!(self.m.types.get(t), Type::Void) {
                    return mismatch(self, a, b);
                }
                return self.fold_binary(op, a, b, ids::BOOL, span);
            }
            Lt | Gt | Le | Ge => {
                let Some((a, b)) = self.unify_scalars(a, b) else {
                    return mismatch(self, a, b);
                };
                let t = self.ety(a);
                match self.m.types.get(t) {
                    Type::Scalar(s) if *s != Scalar::Bool && self.ety(b) == t => {}
                    _ => return mismatch(self, a, b),
                }
                return self.fold_binary(op, a, b, ids::BOOL, span);
            }
            Mod | Shl | Shr | BitAnd | BitOr | BitXor => {
                let what = match op {
                    Mod => "the `%` operator",
                    Shl | Shr => "shift operators",
                    _ => "bitwise operators",
                };
                self.require(span, what, 130, 300, &[Ext::EXT_gpu_shader4]);
                let int = |t: TypeId, this: &Self| {
                    this.m.types.scalar_of(t).is_some_and(|s| s.is_int())
                        && !this.m.types.is_matrix(t)
                };
                if !int(ta, self) || !int(tb, self) {
                    return mismatch(self, a, b);
                }
                if matches!(op, Shl | Shr) {
                    // Signedness and size may differ; the result has the left type.
                    let (na, nb) = (self.m.types.vector_size(ta), self.m.types.vector_size(tb));
                    let ok = nb == Some(1) || na == nb;
                    if !ok {
                        return mismatch(self, a, b);
                    }
                    return self.fold_binary(op, a, b, ta, span);
                }
            }
            _ => {}
        }
        // Arithmetic (+ - * / % & | ^).
        let Some((a, b)) = self.unify_scalars(a, b) else {
            return mismatch(self, a, b);
        };
        let (ta, tb) = (self.ety(a), self.ety(b));
        if self.m.types.scalar_of(ta) == Some(Scalar::Bool)
            || !self.m.types.is_numeric_or_bool(ta)
            || !self.m.types.is_numeric_or_bool(tb)
        {
            return mismatch(self, a, b);
        }
        let result = match (self.m.types.get(ta).clone(), self.m.types.get(tb).clone()) {
            (x, y) if x == y => {
                if op == Mul && matches!(x, Type::Matrix { cols, rows, .. } if cols != rows) {
                    // mat2x3 * mat2x3 is not defined (linear algebra needs cols == rows).
                    return mismatch(self, a, b);
                }
                Some(ta)
            }
            (Type::Scalar(_), _) => Some(tb),
            (_, Type::Scalar(_)) => Some(ta),
            (Type::Vector(s, n), Type::Matrix { cols, rows, .. }) if op == Mul => {
                (n == rows).then(|| self.m.types.vector(s, cols))
            }
            (Type::Matrix { cols, rows, scalar }, Type::Vector(_, n)) if op == Mul => {
                (n == cols).then(|| self.m.types.vector(scalar, rows))
            }
            (
                Type::Matrix { cols, rows, scalar },
                Type::Matrix {
                    cols: c2, rows: r2, ..
                },
            ) if op == Mul => (c2 > 0 && r2 == cols).then(|| self.m.types.matrix(scalar, c2, rows)),
            _ => None,
        };
        let Some(rt) = result else {
            return mismatch(self, a, b);
        };
        // Same matrix types multiply as linear algebra.
        self.fold_binary(op, a, b, rt, span)
    }

    /// Builds a binary node, folding it when both operands are constant.
    pub(crate) fn fold_binary(
        &mut self,
        op: BinaryOp,
        a: ExprId,
        b: ExprId,
        ty: TypeId,
        span: Span,
    ) -> ExprId {
        if let (Some(x), Some(y)) = (self.const_value(a), self.const_value(b)) {
            let linear = op == BinaryOp::Mul
                && (self.m.types.is_matrix(self.ety(a)) || self.m.types.is_matrix(self.ety(b)));
            let r = if linear {
                self.fold_linear(&x, &y, self.ety(a), self.ety(b))
            } else if matches!(op, BinaryOp::Eq | BinaryOp::Ne) {
                let eq = constant::equal(&x, &y);
                Ok(ConstValue::Bool(if op == BinaryOp::Eq { eq } else { !eq }))
            } else {
                constant::componentwise(op, &x, &y)
            };
            match r {
                Ok(c) => {
                    let id = self.add_expr(ExprKind::Const(c), ty, span);
                    return self.keep_spec(id, ExprKind::Binary(op, a, b));
                }
                Err(EvalError::DivisionByZero) => {
                    if self.m.types.scalar_of(ty).is_some_and(|s| s.is_int()) {
                        self.warning(
                            "division-by-zero",
                            span,
                            "integer division by zero in a constant expression",
                        );
                    }
                }
                Err(EvalError::NotConstant) => {}
            }
        }
        let id = self.add_expr(ExprKind::Binary(op, a, b), ty, span);
        let p = self
            .m
            .expr(a)
            .precision
            .into_iter()
            .chain(self.m.expr(b).precision)
            .max();
        self.m.exprs[id.index()].precision = p;
        id
    }

    /// Constant matrix multiplication (matrix*matrix, matrix*vector, vector*matrix,
    /// scalar*matrix).
    fn fold_linear(
        &self,
        x: &ConstValue,
        y: &ConstValue,
        tx: TypeId,
        ty: TypeId,
    ) -> Result<ConstValue, EvalError> {
        let to_cols = |v: &ConstValue| -> Vec<Vec<f64>> {
            v.components()
                .iter()
                .map(|c| {
                    c.components()
                        .iter()
                        .map(|s| s.to_f64().unwrap_or(0.0))
                        .collect()
                })
                .collect()
        };
        let scalar = self.m.types.scalar_of(tx).unwrap_or(Scalar::F32);
        let mk = |v: f64| ConstValue::from_f64(scalar, v);
        let (mx, my) = (self.m.types.is_matrix(tx), self.m.types.is_matrix(ty));
        let (vx, vy) = (self.m.types.is_vector(tx), self.m.types.is_vector(ty));
        let out = if mx && my {
            let r = constant::mat_mul(&to_cols(x), &to_cols(y));
            ConstValue::Composite(
                r.into_iter()
                    .map(|c| ConstValue::Composite(c.into_iter().map(mk).collect()))
                    .collect(),
            )
        } else if mx && vy {
            let col: Vec<Vec<f64>> = vec![y
                .components()
                .iter()
                .map(|s| s.to_f64().unwrap_or(0.0))
                .collect()];
            let r = constant::mat_mul(&to_cols(x), &col);
            ConstValue::Composite(r[0].iter().map(|v| mk(*v)).collect())
        } else if vx && my {
            // v * M = transpose(M) * v.
            let cols = to_cols(y);
            let v: Vec<f64> = x
                .components()
                .iter()
                .map(|s| s.to_f64().unwrap_or(0.0))
                .collect();
            ConstValue::Composite(
                cols.iter()
                    .map(|c| mk(c.iter().zip(&v).map(|(a, b)| a * b).sum()))
                    .collect(),
            )
        } else {
            return constant::componentwise(BinaryOp::Mul, x, y);
        };
        Ok(out)
    }

    fn ternary(&mut self, cond: ast::ExprId, t: ast::ExprId, e: ast::ExprId, span: Span) -> ExprId {
        let c = self.expr(cond);
        let a = self.expr(t);
        let b = self.expr(e);
        let ct = self.ety(c);
        if ct != ids::BOOL && !self.m.types.is_error(ct) {
            let cs = self.espan(c);
            self.error(
                "condition-type",
                cs,
                format!(
                    "the condition of `?:` must be `bool`, found `{}`",
                    self.ty_name(ct)
                ),
            );
        }
        let (ta, tb) = (self.ety(a), self.ety(b));
        if self.is_string(ta) || self.is_string(tb) {
            self.error("operand-type", span, "`?:` cannot select between strings");
            return self.error_expr(span);
        }
        let (a, b) = if ta == tb {
            (a, b)
        } else if self.conversion_rank(tb, ta).is_some() {
            (a, self.convert(b, ta))
        } else if self.conversion_rank(ta, tb).is_some() {
            (self.convert(a, tb), b)
        } else {
            if !self.m.types.is_error(ta) && !self.m.types.is_error(tb) {
                self.error(
                    "operand-type",
                    span,
                    format!(
                        "the branches of `?:` have different types: `{}` and `{}`",
                        self.ty_name(ta),
                        self.ty_name(tb)
                    ),
                );
            }
            return self.error_expr(span);
        };
        let ty = self.ety(a);
        if self.m.types.is_array(ty) {
            self.require(span, "`?:` on arrays", 120, 300, &[]);
        }
        if let (Some(cv), Some(x), Some(y)) = (
            self.const_value(c),
            self.const_value(a),
            self.const_value(b),
        ) {
            let v = if cv.as_bool() == Some(true) { x } else { y };
            let id = self.add_expr(ExprKind::Const(v), ty, span);
            return self.keep_spec(
                id,
                ExprKind::Select {
                    cond: c,
                    then_expr: a,
                    else_expr: b,
                },
            );
        }
        self.add_expr(
            ExprKind::Select {
                cond: c,
                then_expr: a,
                else_expr: b,
            },
            ty,
            span,
        )
    }

    fn assign(
        &mut self,
        op: Option<BinaryOp>,
        lhs: ast::ExprId,
        rhs: ast::ExprId,
        span: Span,
    ) -> ExprId {
        let l = self.expr(lhs);
        let r = self.expr(rhs);
        let lt = self.ety(l);
        // Issue 4: a loosely checked built-in (result `<error>`, compatible with anything:
        // the microscaling floats' packing and bit casts, the QCOM conversions) assigned as
        // a whole is kept, as a declaration's initializer is, so that the call is lowered.
        let loose_call = matches!(
            self.m.expr(r).kind,
            ExprKind::Builtin(BuiltinRef { sig: u32::MAX, .. }, _)
        );
        if op.is_none()
            && loose_call
            && self.m.types.is_error(self.ety(r))
            && !self.m.types.is_error(lt)
        {
            self.check_lvalue(l, "assignment");
            return self.add_expr(ExprKind::Assign { op, lhs: l, rhs: r }, lt, span);
        }
        if self.m.types.is_error(lt) || self.m.types.is_error(self.ety(r)) {
            return self.error_expr(span);
        }
        if op.is_some() {
            self.check_lvalue_read_write(l, "assignment");
        } else {
            self.check_lvalue(l, "assignment");
        }
        if self.reject_implicit_array(l, "it can be assigned") {
            return self.error_expr(span);
        }
        if op.is_none() && self.reject_unsized_copy(l, "assigned to") {
            return self.error_expr(span);
        }
        if op.is_none() && self.reject_unsized_copy(r, "assigned") {
            return self.error_expr(span);
        }
        // Issue 5: arrays sized by specialization constants (`spec_array.rs`).
        if op.is_none() && self.reject_spec_array_copy(l, r, span) {
            return self.error_expr(span);
        }
        if self.m.types.contains_opaque(lt) && !self.bindless() {
            self.error(
                "opaque-assignment",
                span,
                format!(
                    "values of opaque type `{}` cannot be assigned",
                    self.ty_name(lt)
                ),
            );
            return self.error_expr(span);
        }
        let r = match op {
            None => {
                if let Type::Array { .. } = self.m.types.get(lt) {
                    self.require(span, "assigning whole arrays", 120, 300, &[]);
                }
                self.coerce(r, lt, "cannot assign")
            }
            Some(bop) => {
                // `a op= b` means `a = a op b`, and the result must have a's type.
                let combined = self.binary_exprs(bop, l, r, span);
                let ct = self.ety(combined);
                if !self.m.types.is_error(ct) && ct != lt && self.conversion_rank(ct, lt).is_none()
                {
                    self.error(
                        "operand-type",
                        span,
                        format!(
                            "`{}=` would produce `{}`, which cannot be stored in `{}`",
                            bop.text(),
                            self.ty_name(ct),
                            self.ty_name(lt)
                        ),
                    );
                }
                // The right side converted as in `a op b` (`f /= 3` divides by `3.0`; a
                // constant is converted in place), when the left side needed no conversion.
                match self.m.expr(combined).kind {
                    ExprKind::Binary(_, a2, b2) if a2 == l => b2,
                    _ => r,
                }
            }
        };
        self.add_expr(ExprKind::Assign { op, lhs: l, rhs: r }, lt, span)
    }

    /// Reports when an expression cannot be written to, for an operation that reads it too
    /// (`++`, `+=`, an `inout` argument): unlike a plain write, the target stays a read for
    /// the `writeonly` rule.
    pub(crate) fn check_lvalue_read_write(&mut self, e: ExprId, what: &str) -> bool {
        match self.lvalue_problem(e) {
            None => {
                self.note_write(e);
                true
            }
            Some(p) => {
                let span = self.espan(e);
                self.error("not-lvalue", span, format!("{what}: {p}"));
                false
            }
        }
    }

    /// Reports when an expression cannot be written to.
    pub(crate) fn check_lvalue(&mut self, e: ExprId, what: &str) -> bool {
        match self.lvalue_problem(e) {
            None => {
                self.note_write(e);
                // The access chain of a write is not a read (for `writeonly`).
                let mut cur = e;
                loop {
                    self.write_targets.insert(cur);
                    match &self.m.expr(cur).kind {
                        ExprKind::Index(b, _)
                        | ExprKind::Member(b, _)
                        | ExprKind::Swizzle(b, _) => cur = *b,
                        _ => break,
                    }
                }
                true
            }
            Some(p) => {
                let span = self.espan(e);
                self.error("not-lvalue", span, format!("{what}: {p}"));
                false
            }
        }
    }

    /// Member `k` of a struct or block type.
    fn member_of_type(&self, t: TypeId, k: u32) -> Option<&crate::types::Member> {
        match self.m.types.get(t) {
            Type::Struct(sid) => self.m.types.struct_def(*sid).members.get(k as usize),
            _ => None,
        }
    }

    /// Whether a block-typed expression is a buffer reference value rather than a block
    /// instance (or an element of an instance array).
    pub(crate) fn is_buffer_reference_value(&self, e: ExprId) -> bool {
        let is_block = |t: TypeId| {
            matches!(self.m.types.get(t), Type::Struct(sid)
                if self.m.types.struct_def(*sid).kind == crate::types::StructKind::Block)
        };
        if !is_block(self.ety(e)) {
            return false;
        }
        let mut cur = e;
        loop {
            match &self.m.expr(cur).kind {
                ExprKind::Index(b, _) => cur = *b,
                ExprKind::Var(v) => {
                    let var = self.m.var(*v);
                    // A member of an anonymous block with a block type holds a reference.
                    return var.block_member.is_some()
                        || !matches!(
                            var.storage,
                            Storage::Uniform
                                | Storage::Buffer
                                | Storage::In
                                | Storage::Out
                                | Storage::Ext(_)
                        );
                }
                _ => return true,
            }
        }
    }

    fn lvalue_problem(&self, e: ExprId) -> Option<String> {
        match &self.m.expr(e).kind {
            ExprKind::Var(v) => {
                let var = self.m.var(*v);
                // Named only in a message: no allocation when the write is allowed.
                let name = self.name(var.name);
                match var.storage {
                    Storage::Const | Storage::Param(ParamDir::ConstIn) => {
                        Some(format!("`{name}` is constant"))
                    }
                    Storage::Uniform => {
                        Some(format!("`{name}` is a uniform and cannot be written"))
                    }
                    Storage::In => Some(format!("`{name}` is an input and cannot be written")),
                    Storage::Ext(q)
                        if self.name(q) == "taskPayloadSharedEXT"
                            && self.stage == Some(fresnel_syntax::version::Stage::Mesh) =>
                    {
                        Some(format!(
                            "`{name}` is a task payload, read-only in mesh shaders"
                        ))
                    }
                    _ => {
                        if var.quals.memory.readonly {
                            Some(format!("`{name}` is `readonly`"))
                        } else {
                            None
                        }
                    }
                }
            }
            // Through a buffer reference (GL_EXT_buffer_reference) the write goes to buffer
            // memory, whatever holds the reference.
            ExprKind::Member(b, k)
                if self
                    .member_of_type(self.ety(*b), *k)
                    .is_some_and(|m| m.memory.readonly) =>
            {
                let name = self
                    .member_of_type(self.ety(*b), *k)
                    .map(|m| self.name(m.name).to_string())
                    .unwrap_or_default();
                Some(format!("the member `{name}` is `readonly`"))
            }
            ExprKind::Member(b, _) if self.is_buffer_reference_value(*b) => None,
            ExprKind::Index(b, _) | ExprKind::Member(b, _) => self.lvalue_problem(*b),
            ExprKind::Swizzle(b, comps) => {
                let mut seen = [false; 4];
                for &c in comps {
                    if seen[c as usize] {
                        return Some("a swizzle with repeated components cannot be written".into());
                    }
                    seen[c as usize] = true;
                }
                self.lvalue_problem(*b)
            }
            ExprKind::Error => None,
            ExprKind::Const(_) => Some("a constant cannot be written".into()),
            _ => Some("the expression is not an l-value".into()),
        }
    }

    // ---- access ----

    /// The variable an expression names when it is an implicitly sized array: declared
    /// without a size (desktop GLSL), sized by the largest constant index used, and not one
    /// of the arrays the implementation sizes (geometry and tessellation inputs, buffer
    /// members, block members).
    pub(crate) fn implicit_array(&self, e: ExprId) -> Option<VarId> {
        let ExprKind::Var(v) = self.m.expr(e).kind else {
            return None;
        };
        let var = self.m.var(v);
        if !matches!(
            self.m.types.get(var.ty),
            Type::Array {
                size: ArraySize::Unsized,
                ..
            }
        ) {
            return None;
        }
        if var.block_member.is_some() || matches!(var.storage, Storage::Buffer | Storage::Shared) {
            return None;
        }
        let io_sized = match self.stage {
            Some(
                fresnel_syntax::version::Stage::Geometry | fresnel_syntax::version::Stage::TessEval,
            ) => var.storage == Storage::In,
            Some(fresnel_syntax::version::Stage::TessControl) => {
                matches!(var.storage, Storage::In | Storage::Out)
            }
            Some(fresnel_syntax::version::Stage::Mesh) => var.storage == Storage::Out,
            _ => false,
        };
        // Descriptor arrays without a size are sized at run time (Vulkan, descriptor indexing).
        let runtime = var.storage == Storage::Uniform
            && (self.vulkan() || self.ext_on(Ext::EXT_nonuniform_qualifier));
        if io_sized || runtime || self.is_es() {
            return None;
        }
        Some(v)
    }

    /// The name of the block member an expression reads when that member is an array declared
    /// without a size that is not sized at run time: any such member of a uniform block, and
    /// every such member of a buffer block but the last ("Runtime Sized" is only "the
    /// outermost dimension of the last declared member of a shader storage block"). Blocks
    /// cannot be redeclared, so these stay unsized: indexing them needs constant indices and
    /// `.length()` is an error.
    pub(crate) fn unsized_block_member(&self, e: ExprId) -> Option<Symbol> {
        let (block_ty, idx, storage) = match self.m.expr(e).kind {
            // (The members of a buffer reference are those of a buffer block.)
            ExprKind::Member(b, _) if self.is_buffer_reference_value(b) => return None,
            ExprKind::Member(b, k) => {
                // The block variable: `blk.m`, `blks[i].m`.
                let mut root = b;
                while let ExprKind::Index(x, _) = self.m.expr(root).kind {
                    root = x;
                }
                let ExprKind::Var(v) = self.m.expr(root).kind else {
                    return None;
                };
                (self.ety(b), k, self.m.var(v).storage)
            }
            ExprKind::Var(v) => {
                let (bv, k) = self.m.var(v).block_member?;
                let block = self.m.var(bv);
                (self.m.types.innermost(block.ty), k, block.storage)
            }
            _ => return None,
        };
        let Type::Struct(sid) = *self.m.types.get(block_ty) else {
            return None;
        };
        let def = self.m.types.struct_def(sid);
        if def.kind != crate::types::StructKind::Block {
            return None;
        }
        let member = def.members.get(idx as usize)?;
        if !matches!(
            self.m.types.get(member.ty),
            Type::Array {
                size: ArraySize::Unsized,
                ..
            }
        ) {
            return None;
        }
        let last = idx as usize + 1 == def.members.len();
        match storage {
            Storage::Uniform => Some(member.name),
            Storage::Buffer if !last => Some(member.name),
            _ => None,
        }
    }

    /// Reports a use of an unsized block member array that needs its size (`what` says which).
    fn reject_unsized_member(&mut self, e: ExprId, what: &str) -> bool {
        let Some(name) = self.unsized_block_member(e) else {
            return false;
        };
        let span = self.espan(e);
        let name = self.name(name).to_string();
        self.error(
            "implicit-array-size",
            span,
            format!("block member `{name}` is an array declared without a size that is not sized at run time (only the last member of a buffer block is); {what}"),
        );
        true
    }

    /// "It is a compile-time error to assign either to or from a runtime-sized or unsized
    /// array (rather than specific elements)"; an initializer is such a copy too. `what`:
    /// "assigned", "assigned to", "used as an initializer".
    pub(crate) fn reject_unsized_copy(&mut self, e: ExprId, what: &str) -> bool {
        let no_size = matches!(
            self.m.types.get(self.ety(e)),
            Type::Array {
                size: ArraySize::Unsized,
                ..
            }
        );
        if !no_size {
            return false;
        }
        let span = self.espan(e);
        self.error(
            "unsized-array-copy",
            span,
            format!("an array without a size (sized at run time, or not at all) cannot be {what} as a whole; copy its elements"),
        );
        true
    }

    /// Reports a use of an implicitly sized array that needs its size (`what` says which).
    pub(crate) fn reject_implicit_array(&mut self, e: ExprId, what: &str) -> bool {
        let Some(v) = self.implicit_array(e) else {
            return false;
        };
        let span = self.espan(e);
        let name = self.name(self.m.var(v).name).to_string();
        self.error(
            "implicit-array-size",
            span,
            format!("`{name}` is an array declared without a size; {what} only once it is declared with a size"),
        );
        true
    }

    fn index(&mut self, base: ast::ExprId, index: ast::ExprId, span: Span) -> ExprId {
        let b = self.expr(base);
        self.index_expr(b, index, span)
    }

    /// Indexes an already checked expression.
    pub(crate) fn index_expr(&mut self, b: ExprId, index: ast::ExprId, span: Span) -> ExprId {
        let i = self.expr(index);
        let (bt, it) = (self.ety(b), self.ety(i));
        // An OCP microscaling vector (`fe2m1vec4`) is indexed as a vector: its component.
        // (A scalar of these formats is not indexed: reported below.)
        let ocp_shape = self.ocp_shape(bt);
        let ocp = ocp_shape
            .filter(|&(_, n)| n > 1)
            .map(|(f, n)| (self.ocp_type(f, 1), u32::from(n)));
        if self.m.types.is_error(bt)
            || self.m.types.is_error(it)
            || (self.is_ext_opaque(bt) && ocp_shape.is_none())
        {
            return self.add_expr(ExprKind::Index(b, i), ids::ERROR, span);
        }
        // GL_EXT_buffer_reference2: `reference[i]` is `reference + i`.
        if self.m.types.is_block(bt) && self.is_buffer_reference_value(b) {
            let it = self.ety(i);
            if !matches!(self.m.types.get(it), Type::Scalar(s) if s.is_int())
                && !self.m.types.is_error(it)
            {
                let is = self.espan(i);
                self.error(
                    "index-type",
                    is,
                    format!(
                        "an index must be an integer scalar, found `{}`",
                        self.ty_name(it)
                    ),
                );
                return self.error_expr(span);
            }
            if !self.require(
                span,
                "indexing buffer references",
                0,
                0,
                &[Ext::EXT_buffer_reference2],
            ) {
                return self.error_expr(span);
            }
            return self.add_expr(ExprKind::Index(b, i), bt, span);
        }
        let Some(rt) = self.m.types.index_result(bt).or(ocp.map(|(elem, _)| elem)) else {
            self.error(
                "index-type",
                span,
                format!("`{}` cannot be indexed", self.ty_name(bt)),
            );
            return self.error_expr(span);
        };
        match self.m.types.get(it) {
            Type::Scalar(s) if s.is_int() => {}
            _ => {
                let is = self.espan(i);
                self.error(
                    "index-type",
                    is,
                    format!(
                        "an index must be an integer scalar, found `{}`",
                        self.ty_name(it)
                    ),
                );
                return self.error_expr(span);
            }
        }
        let ci = self.const_value(i).and_then(|c| c.to_i64());
        if let Some(v) = self.implicit_array(b) {
            match ci {
                Some(n) if n >= 0 => {
                    let used = self.implicit_sizes.entry(v).or_insert(0);
                    *used = (*used).max(n as u32 + 1);
                }
                Some(_) => {}
                None => {
                    self.reject_implicit_array(
                        b,
                        "it can be indexed with a non-constant expression",
                    );
                }
            }
        }
        if ci.is_none() {
            self.reject_unsized_member(b, "it can be indexed only with constant expressions");
        }
        if let Some(n) = ci {
            let bound = self.m.types.index_bound(bt).or(ocp.map(|(_, n)| n));
            if n < 0 || bound.is_some_and(|b| n >= b as i64) {
                let is = self.espan(i);
                self.error(
                    "index-range",
                    is,
                    format!("index {n} is out of range for `{}`", self.ty_name(bt)),
                );
                return self.error_expr(span);
            }
        } else {
            // "All indexes used to index a uniform block array must be constant integral
            // expressions" until GLSL 4.00 / ES 3.20 (dynamically uniform from then on).
            // The version is tested first (performance: the type and storage are looked up
            // only in the versions with the rule).
            // GLSL ES keeps the rule for shader storage blocks in every version ("All indices
            // used to index a shader storage block array must be constant integral
            // expressions").
            let old_blocks = !self.at_least(400, 320);
            let block_array = (old_blocks || self.is_es())
                && matches!(self.m.types.get(bt), Type::Array { elem, .. }
                if matches!(self.m.types.get(*elem), Type::Struct(sid)
                    if self.m.types.struct_def(*sid).kind == crate::types::StructKind::Block));
            let storage = match self.m.expr(b).kind {
                ExprKind::Var(v) if block_array => Some(self.m.var(v).storage),
                _ => None,
            };
            if block_array && self.is_es() && storage == Some(Storage::Buffer) {
                let is = self.espan(i);
                self.error(
                    "block-index",
                    is,
                    "arrays of buffer blocks can be indexed only with constant expressions in GLSL ES",
                );
            } else if block_array
                && old_blocks
                && matches!(storage, Some(Storage::Uniform | Storage::Buffer))
                && !self.any_ext(&[
                    Ext::ARB_gpu_shader5,
                    Ext::EXT_gpu_shader5,
                    Ext::OES_gpu_shader5,
                ])
            {
                let is = self.espan(i);
                self.error(
                    "block-index",
                    is,
                    "arrays of uniform and buffer blocks can be indexed only with constant expressions before GLSL 4.00 and GLSL ES 3.20",
                );
            }
            // Opaque arrays need constant indices in older versions (performance: the element
            // type is looked through only in those versions).
            let old_version = if self.is_es() {
                self.at_least(0, 300) && !self.at_least(0, 320)
            } else {
                !self.at_least(400, 0)
            };
            let elem_opaque = old_version
                && matches!(self.m.types.get(bt), Type::Array { elem, .. }
                if self.m.types.contains_opaque(*elem)
                    && !matches!(self.m.types.get(self.m.types.innermost(*elem)), Type::Subroutine(_)));
            // GLSL 1.30-3.30 restrict sampler arrays ("Samplers"); image and atomic counter
            // arrays come from extensions (ARB_shader_image_load_store,
            // ARB_shader_atomic_counters) written against GLSL versions that index them
            // with any integral expression (piglit expects them to work, as Mesa does).
            let sampler_elem = matches!(self.m.types.get(bt), Type::Array { elem, .. }
                if matches!(self.m.types.get(self.m.types.innermost(*elem)),
                    Type::Opaque(o) if matches!(o.kind, OpaqueKind::Sampler | OpaqueKind::Texture)));
            if elem_opaque
                && sampler_elem
                && !self.is_es()
                && !self.at_least(400, 0)
                && !self.any_ext(&[
                    Ext::ARB_gpu_shader5,
                    Ext::NV_gpu_shader5,
                    Ext::ARB_bindless_texture,
                ])
                && self.at_least(130, 0)
            {
                let is = self.espan(i);
                self.error(
                    "opaque-index",
                    is,
                    "arrays of opaque types can be indexed only with constant expressions before GLSL 4.00",
                );
            }
            if elem_opaque
                && self.is_es()
                && self.at_least(0, 300)
                && !self.at_least(0, 320)
                && !self.any_ext(&[Ext::EXT_gpu_shader5, Ext::OES_gpu_shader5])
            {
                let is = self.espan(i);
                self.error(
                    "opaque-index",
                    is,
                    "arrays of opaque types can be indexed only with constant expressions before GLSL ES 3.20",
                );
            }
        }
        let coopmat = matches!(
            self.m.types.ext(bt),
            Some(crate::types::ExtType::CoopMat(_))
        );
        if let (Some(bc), Some(n), false) = (self.const_value(b), ci, coopmat) {
            if let Some(c) = bc.components().get(n as usize).cloned() {
                let id = self.add_expr(ExprKind::Const(c), rt, span);
                return self.keep_spec(id, ExprKind::Index(b, i));
            }
        }
        let id = self.add_expr(ExprKind::Index(b, i), rt, span);
        self.m.exprs[id.index()].precision = self.m.expr(b).precision;
        id
    }

    fn field(
        &mut self,
        base: ast::ExprId,
        name: fresnel_syntax::intern::Symbol,
        name_span: Span,
        span: Span,
    ) -> ExprId {
        let b = self.expr(base);
        let bt = self.ety(b);
        // A swizzle of an OCP microscaling vector or scalar (`fe2m1vec4`, kept opaque).
        if let Some((f, n)) = self.ocp_shape(bt) {
            if n == 1
                && !self.require(
                    name_span,
                    "swizzling a scalar",
                    420,
                    0,
                    &[Ext::ARB_shading_language_420pack],
                )
            {
                return self.error_expr(span);
            }
            return self.swizzle(b, SwizzleElem::Ocp(f), n, name, name_span, span);
        }
        if self.m.types.is_error(bt) || self.is_ext_opaque(bt) {
            return self.error_expr(span);
        }
        // Matched in place, copying only ids (performance: no clone of the type).
        match *self.m.types.get(bt) {
            Type::Struct(sid) => {
                let def = self.m.types.struct_def(sid);
                let per_vertex_point_size = def.kind == StructKind::Block
                    && def.name.is_some_and(|n| self.name(n) == "gl_PerVertex")
                    && self.name(name) == "gl_PointSize";
                if per_vertex_point_size {
                    self.check_es_point_size(name_span);
                }
                let def = self.m.types.struct_def(sid);
                match def.member_index(name) {
                    Some(i) => {
                        let m = &def.members[i];
                        let (mt, mp) = (m.ty, m.precision);
                        let builtin_block =
                            def.name.is_some_and(|n| self.name(n) == "gl_PerVertex");
                        if builtin_block {
                            self.check_builtin_member_use(name, name_span);
                        }
                        if let Some(c) = self.const_value(b) {
                            if let Some(v) = c.components().get(i).cloned() {
                                let id = self.add_expr(ExprKind::Const(v), mt, span);
                                return self.keep_spec(id, ExprKind::Member(b, i as u32));
                            }
                        }
                        let id = self.add_expr(ExprKind::Member(b, i as u32), mt, span);
                        self.m.exprs[id.index()].precision = mp.or(self.m.expr(b).precision);
                        id
                    }
                    None => {
                        let sname = self.ty_name(bt);
                        self.error(
                            "no-member",
                            name_span,
                            format!("`{sname}` has no member `{}`", self.name(name)),
                        );
                        self.error_expr(span)
                    }
                }
            }
            Type::Vector(s, n) => self.swizzle(b, SwizzleElem::Scalar(s), n, name, name_span, span),
            Type::Scalar(s) => {
                // Scalars can be swizzled from GLSL 4.20 (`f.xx`).
                if self.require(
                    name_span,
                    "swizzling a scalar",
                    420,
                    0,
                    &[Ext::ARB_shading_language_420pack],
                ) {
                    self.swizzle(b, SwizzleElem::Scalar(s), 1, name, name_span, span)
                } else {
                    self.error_expr(span)
                }
            }
            _ => {
                self.error(
                    "no-member",
                    name_span,
                    format!(
                        "`{}` has no fields (`.{}`)",
                        self.ty_name(bt),
                        self.name(name)
                    ),
                );
                self.error_expr(span)
            }
        }
    }

    fn swizzle(
        &mut self,
        b: ExprId,
        s: SwizzleElem,
        n: u8,
        name: fresnel_syntax::intern::Symbol,
        name_span: Span,
        span: Span,
    ) -> ExprId {
        // Borrowed: only the messages below need an owned copy (performance).
        let text = self.name(name);
        let mut comps: SmallVec<[u8; 4]> = SmallVec::new();
        let mut set_used: Option<usize> = None;
        let mut bad: Option<String> = None;
        for ch in text.chars() {
            match swizzle_component(ch) {
                Some((si, ci)) => {
                    if set_used.is_some_and(|u| u != si) {
                        bad = Some(format!("swizzle `{text}` mixes component sets"));
                        break;
                    }
                    set_used = Some(si);
                    if ci as u8 >= n {
                        bad = Some(format!(
                            "swizzle `.{text}`: component `{ch}` needs a vector of at least {} components, found a {n}-component vector",
                            ci + 1
                        ));
                        break;
                    }
                    comps.push(ci as u8);
                }
                None => {
                    bad = Some(if n == 1 {
                        format!("`{}` has no member `{text}`", s.scalar_name())
                    } else {
                        format!("`{text}` is not a valid swizzle")
                    });
                    break;
                }
            }
        }
        if bad.is_none() && comps.len() > 4 {
            bad = Some(format!("swizzle `{text}` has more than four components"));
        }
        if let Some(msg) = bad {
            self.error("swizzle", name_span, msg);
            return self.error_expr(span);
        }
        let rt = match s {
            SwizzleElem::Scalar(s) => self.m.types.vector(s, comps.len() as u8),
            SwizzleElem::Ocp(f) => self.ocp_type(f, comps.len() as u8),
        };
        if let Some(c) = self.const_value(b) {
            let cs = c.components();
            let v: Vec<ConstValue> = comps.iter().map(|&i| cs[i as usize].clone()).collect();
            let val = if v.len() == 1 {
                v[0].clone()
            } else {
                ConstValue::Composite(v)
            };
            let id = self.add_expr(ExprKind::Const(val), rt, span);
            return self.keep_spec(id, ExprKind::Swizzle(b, comps));
        }
        let id = self.add_expr(ExprKind::Swizzle(b, comps), rt, span);
        self.m.exprs[id.index()].precision = self.m.expr(b).precision;
        id
    }

    /// `v.length()` of a vector of `n` components: a constant (GLSL 4.20 / ES 3.00, or
    /// GL_ARB_shading_language_420pack).
    fn vector_length(&mut self, n: u32, name_span: Span, span: Span) -> ExprId {
        self.require(
            name_span,
            "`.length()` of a vector",
            420,
            300,
            &[Ext::ARB_shading_language_420pack],
        );
        self.const_expr(ConstValue::I32(n as i32), span)
    }

    fn method(
        &mut self,
        base: ast::ExprId,
        name: fresnel_syntax::intern::Symbol,
        name_span: Span,
        args: &[ast::ExprId],
        span: Span,
    ) -> ExprId {
        let b = self.expr(base);
        let bt = self.ety(b);
        let length64 = self.name(name) == "length64" && self.ext_on(Ext::EXT_shader_64bit_indexing);
        if length64 {
            // GL_EXT_shader_64bit_indexing: the length as an `int64_t`.
            if !args.is_empty() {
                self.error("method-arguments", span, "`.length64()` takes no arguments");
            }
            let i64t = self.m.types.scalar(crate::builtin_types::Scalar::I64);
            return match self.m.types.get(bt).clone() {
                Type::Array {
                    size: ArraySize::Fixed(n),
                    ..
                } => self.const_expr(ConstValue::I64(i64::from(n)), span),
                Type::Array { .. } => self.add_expr(ExprKind::ArrayLength(b), i64t, span),
                Type::Error => self.error_expr(span),
                _ => {
                    self.error(
                        "length-type",
                        name_span,
                        format!("`.length64()` needs an array, found `{}`", self.ty_name(bt)),
                    );
                    self.error_expr(span)
                }
            };
        }
        if self.name(name) != "length" {
            self.error(
                "unknown-method",
                name_span,
                format!(
                    "`.{}()` is not a method; only `.length()` exists",
                    self.name(name)
                ),
            );
            return self.error_expr(span);
        }
        if !args.is_empty() {
            self.error("method-arguments", span, "`.length()` takes no arguments");
        }
        if self.m.types.is_error(bt) {
            return self.error_expr(span);
        }
        // An OCP microscaling vector has the length of a vector.
        if let Some((_, n)) = self.ocp_shape(bt).filter(|&(_, n)| n > 1) {
            return self.vector_length(u32::from(n), name_span, span);
        }
        if self.is_ext_opaque(bt) {
            return self.add_expr(ExprKind::ArrayLength(b), ids::INT, span);
        }
        if self.m.types.ext(bt).is_some() {
            return self.ext_length(b, name_span, span);
        }
        match self.m.types.get(bt).clone() {
            Type::Array { size, .. } => {
                self.require(name_span, "`.length()`", 120, 300, &[]);
                // ARB_shader_storage_buffer_object (GLSL 4.30) made `.length()` of an
                // implicitly sized array a link-time value.
                let late_length =
                    self.at_least(430, 0) || self.ext_on(Ext::ARB_shader_storage_buffer_object);
                if !late_length && self.reject_implicit_array(b, "`.length()` can be called") {
                    return self.error_expr(span);
                }
                if self.reject_unsized_member(b, "`.length()` cannot be called on it") {
                    return self.error_expr(span);
                }
                match size {
                    ArraySize::Fixed(n) => {
                        let c = self.const_expr(ConstValue::I32(n as i32), span);
                        self.spec_length(b, c)
                    }
                    ArraySize::Unsized => self.add_expr(ExprKind::ArrayLength(b), ids::INT, span),
                }
            }
            Type::Vector(_, n) => self.vector_length(u32::from(n), name_span, span),
            Type::Matrix { cols, .. } => {
                self.require(
                    name_span,
                    "`.length()` of a matrix",
                    420,
                    300,
                    &[Ext::ARB_shading_language_420pack],
                );
                self.const_expr(ConstValue::I32(cols as i32), span)
            }
            _ => {
                self.error(
                    "length-type",
                    name_span,
                    format!(
                        "`.length()` needs an array, vector or matrix, found `{}`",
                        self.ty_name(bt)
                    ),
                );
                self.error_expr(span)
            }
        }
    }
}

/// What is wrong with the escape sequences of a string literal (quotes included), as
/// glslang checks them for GL_EXT_debug_printf: C's simple escapes, `\x` with at least one
/// hexadecimal digit, and octal `\0`..`\377`.
fn string_escape_problem(text: &str) -> Option<String> {
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            continue;
        }
        match chars.next() {
            Some('\'' | '"' | '?' | '\\' | 'a' | 'b' | 'f' | 'n' | 'r' | 't' | 'v') => {}
            Some('x') => {
                if !chars.peek().is_some_and(char::is_ascii_hexdigit) {
                    return Some("expected a hexadecimal digit after `\\x` in a string".into());
                }
                while chars.peek().is_some_and(char::is_ascii_hexdigit) {
                    chars.next();
                }
            }
            Some(d @ '0'..='7') => {
                let mut value = d.to_digit(8).unwrap_or(0);
                for _ in 0..2 {
                    match chars.peek().and_then(|c| c.to_digit(8)) {
                        Some(v) => {
                            value = value * 8 + v;
                            chars.next();
                        }
                        None => break,
                    }
                }
                if value > 0o377 {
                    return Some("octal escape sequence out of range in a string".into());
                }
            }
            Some(other) => {
                return Some(format!("invalid escape sequence `\\{other}` in a string"));
            }
            None => return Some("a string ends with `\\`".into()),
        }
    }
    None
}

/// The OCP microscaling formats, as in their type names (`floate2m1_t`, `fe2m1vec2`).
const OCP_FORMATS: [&str; 5] = ["e2m1", "e2m3", "e3m2", "ue8m0", "mxint8"];

/// The component type of a swizzled vector: a scalar type, or an OCP microscaling format
/// (`e2m1`: the checker keeps those types opaque).
#[derive(Copy, Clone)]
enum SwizzleElem {
    Scalar(Scalar),
    Ocp(&'static str),
}

impl SwizzleElem {
    fn scalar_name(self) -> String {
        match self {
            SwizzleElem::Scalar(s) => s.name().to_string(),
            SwizzleElem::Ocp(f) => format!("float{f}_t"),
        }
    }
}

/// The component set (`xyzw`, `rgba`, `stpq`) and the component index a swizzle letter names
/// (performance: a match instead of searching the three sets' strings).
fn swizzle_component(ch: char) -> Option<(usize, usize)> {
    Some(match ch {
        'x' => (0, 0),
        'y' => (0, 1),
        'z' => (0, 2),
        'w' => (0, 3),
        'r' => (1, 0),
        'g' => (1, 1),
        'b' => (1, 2),
        'a' => (1, 3),
        's' => (2, 0),
        't' => (2, 1),
        'p' => (2, 2),
        'q' => (2, 3),
        _ => return None,
    })
}
