//! Parameterized extension types: cooperative matrices (GL_KHR_cooperative_matrix,
//! GL_NV_cooperative_matrix, GL_NV_cooperative_matrix2), cooperative vectors
//! (GL_NV_cooperative_vector), long vectors (GL_EXT_long_vector) and tensors (GL_ARM_tensors).
//!
//! This file resolves `name<...>` to a [`Type::Ext`] (checking every parameter), and gives
//! these types their operators, constructors, `.length()` and the built-in functions that take
//! them, with the rules glslang applies.

use rustc_hash::FxHashMap;

use fresnel_syntax::ast::{self, BinaryOp, ExprKind as A, UnaryOp};
use fresnel_syntax::extensions::Ext;
use fresnel_syntax::intern::Symbol;
use fresnel_syntax::source::Span;

use super::{Binding, Checker};
use crate::builtin_types::{parse_type_name, BType, Scalar};
use crate::builtins::{self, ParamQual};
use crate::constant::{self, ConstValue};
use crate::hir::*;
use crate::types::{ids, ArraySize, CoopMat, ExtType, ParamValue, Type, TypeId};

/// What the checker remembers for the extension types while it checks.
#[derive(Default, Debug)]
pub(crate) struct ExtState {
    /// Expressions that name a specialization constant directly (their value is folded, so
    /// the constant is kept here): a type parameter naming the same constant twice is the same
    /// parameter.
    pub spec_refs: FxHashMap<ExprId, VarId>,
    /// Expressions that name a user function (GL_NV_cooperative_matrix2 passes decode,
    /// combine and per-element functions to its built-ins by name).
    pub func_refs: FxHashMap<ExprId, Symbol>,
}

/// The parameterized type families.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Kind {
    CoopMat,
    /// `fcoopmatNV`, `icoopmatNV`, `ucoopmatNV` (the letter).
    CoopMatNV(u8),
    CoopVec,
    LongVector,
    Tensor,
    TensorLayout,
    TensorView,
}

fn kind_of(text: &str) -> Option<Kind> {
    Some(match text {
        "coopmat" => Kind::CoopMat,
        "fcoopmatNV" => Kind::CoopMatNV(b'f'),
        "icoopmatNV" => Kind::CoopMatNV(b'i'),
        "ucoopmatNV" => Kind::CoopMatNV(b'u'),
        "coopvecNV" => Kind::CoopVec,
        "vector" => Kind::LongVector,
        "tensorARM" => Kind::Tensor,
        "tensorLayoutNV" => Kind::TensorLayout,
        "tensorViewNV" => Kind::TensorView,
        _ => return None,
    })
}

/// Whether a name is one of the parameterized extension types.
pub(crate) fn is_parameterized_type_name(text: &str) -> bool {
    kind_of(text).is_some()
}

impl Kind {
    fn exts(self) -> &'static [Ext] {
        match self {
            Kind::CoopMat => &[Ext::KHR_cooperative_matrix],
            Kind::CoopMatNV(b'f') => &[Ext::NV_cooperative_matrix],
            Kind::CoopMatNV(_) => &[Ext::NV_integer_cooperative_matrix],
            Kind::CoopVec => &[Ext::NV_cooperative_vector],
            Kind::LongVector => &[Ext::EXT_long_vector],
            Kind::Tensor => &[Ext::ARM_tensors],
            Kind::TensorLayout | Kind::TensorView => &[Ext::NV_cooperative_matrix2],
        }
    }

    /// The parameter list as the extension writes it.
    fn form(self) -> &'static str {
        match self {
            Kind::CoopMat => "coopmat<T, scope, rows, columns, use>",
            Kind::CoopMatNV(b'f') => "fcoopmatNV<bits, scope, rows, columns>",
            Kind::CoopMatNV(b'i') => "icoopmatNV<bits, scope, rows, columns>",
            Kind::CoopMatNV(_) => "ucoopmatNV<bits, scope, rows, columns>",
            Kind::CoopVec => "coopvecNV<T, N>",
            Kind::LongVector => "vector<T, N>",
            Kind::Tensor => "tensorARM<T, rank>",
            Kind::TensorLayout => "tensorLayoutNV<dimensions, clampMode>",
            Kind::TensorView => "tensorViewNV<dimensions, hasDimensions, p0, p1, ...>",
        }
    }

    fn name(self) -> &'static str {
        let f = self.form();
        &f[..f.find('<').unwrap_or(f.len())]
    }
}

/// A type parameter after checking.
#[derive(Copy, Clone, Debug)]
enum Param {
    Type(TypeId, Span),
    /// An integer value; `None` when it was invalid (already reported).
    Value(Option<ParamValue>, Span),
}

impl Param {
    fn span(&self) -> Span {
        match self {
            Param::Type(_, s) | Param::Value(_, s) => *s,
        }
    }
}

/// The built-in functions of these extensions, checked here rather than by the tables.
const EXT_BUILTINS: &[&str] = &[
    "coopMatLoad",
    "coopMatStore",
    "coopMatMulAdd",
    "coopMatLoadNV",
    "coopMatStoreNV",
    "coopMatMulAddNV",
    "coopMatLoadTensorNV",
    "coopMatStoreTensorNV",
    "coopMatReduceNV",
    "coopMatPerElementNV",
    "coopMatTransposeNV",
    "createTensorLayoutNV",
    "setTensorLayoutBlockSizeNV",
    "setTensorLayoutDimensionNV",
    "setTensorLayoutStrideNV",
    "sliceTensorLayoutNV",
    "setTensorLayoutClampValueNV",
    "createTensorViewNV",
    "setTensorViewDimensionsNV",
    "setTensorViewStrideNV",
    "setTensorViewClipNV",
    "coopVecMatMulNV",
    "coopVecMatMulAddNV",
    "coopVecLoadNV",
    "coopVecStoreNV",
    "coopVecOuterProductAccumulateNV",
    "coopVecReduceSumAccumulateNV",
    "tensorReadARM",
    "tensorWriteARM",
    "tensorSizeARM",
];

/// Whether [`Checker::ext_builtin_call`] handles calls of this name (it returns `None` for
/// the others).
pub(crate) fn is_ext_builtin(text: &str) -> bool {
    text == "saturatedConvertEXT" || EXT_BUILTINS.contains(&text)
}

/// The built-in functions that accept cooperative vectors (GL_NV_cooperative_vector).
const COOPVEC_FUNCTIONS: &[&str] = &[
    "min", "max", "step", "clamp", "exp", "log", "tanh", "atan", "fma",
];

fn ext_builtin_exts(name: &str) -> Option<&'static [Ext]> {
    Some(match name {
        "coopMatLoad" | "coopMatStore" | "coopMatMulAdd" => &[Ext::KHR_cooperative_matrix],
        "coopMatLoadNV" | "coopMatStoreNV" | "coopMatMulAddNV" => &[
            Ext::NV_cooperative_matrix,
            Ext::NV_integer_cooperative_matrix,
        ],
        "tensorReadARM" | "tensorWriteARM" | "tensorSizeARM" => &[Ext::ARM_tensors],
        _ if name.starts_with("coopVec") => &[Ext::NV_cooperative_vector],
        _ => &[Ext::NV_cooperative_matrix2],
    })
}

/// How a vector-like extension type (cooperative or long vector) looks.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct VecLike {
    coop: bool,
    elem: TypeId,
    len: ParamValue,
}

impl Checker<'_> {
    // ---- type resolution ----

    /// The type a name with optional `<...>` parameters denotes.
    pub(crate) fn resolve_named_type(
        &mut self,
        name: Symbol,
        params: Option<&[ast::TypeParam]>,
        span: Span,
    ) -> TypeId {
        let text = self.name(name).to_string();
        if let Some(kind) = kind_of(&text) {
            let shadowed = params.is_none() && matches!(self.lookup(name), Some(Binding::Type(..)));
            if !shadowed {
                if !self.any_ext(kind.exts()) && !self.builtin_mode {
                    let names: Vec<&str> = kind.exts().iter().map(|e| e.name()).collect();
                    self.error(
                        "feature-unavailable",
                        span,
                        format!("type `{text}` needs {}", names.join(" or ")),
                    );
                    return ids::ERROR;
                }
                return self.parameterized_type(kind, params, span);
            }
        }
        if let Some(ps) = params {
            let t = self.resolve_type_name(name, span);
            if !self.m.types.is_error(t) {
                let s = ps.first().map_or(span, |p| match p {
                    ast::TypeParam::Type(ts) => ts.span,
                    ast::TypeParam::Expr(e) => self.ast().expr(*e).span,
                });
                self.error(
                    "type-parameters",
                    s,
                    format!("type `{text}` takes no type parameters (`<...>`)"),
                );
            }
            return ids::ERROR;
        }
        self.resolve_type_name(name, span)
    }

    /// Whether an identifier written as a type parameter names a type (`float16_t`, a struct,
    /// an extension type): the parser cannot tell these from expressions.
    fn names_type(&self, sym: Symbol) -> bool {
        match self.lookup(sym) {
            Some(Binding::Type(..)) => true,
            Some(_) => false,
            None => {
                let text = self.name(sym);
                parse_type_name(text).is_some() || super::ext_opaque_exts(text).is_some()
            }
        }
    }

    fn type_params(&mut self, params: &[ast::TypeParam]) -> Vec<Param> {
        let mut out = Vec::with_capacity(params.len());
        for p in params {
            match p {
                ast::TypeParam::Type(ts) => {
                    let t = self.resolve_type(ts);
                    out.push(Param::Type(t, ts.span));
                }
                ast::TypeParam::Expr(e) => {
                    let node = self.ast().expr(*e);
                    let span = node.span;
                    if let A::Ident(sym) = node.kind {
                        if self.names_type(sym) {
                            let t = self.resolve_type_name(sym, span);
                            out.push(Param::Type(t, span));
                            continue;
                        }
                    }
                    let saw = std::mem::replace(&mut self.saw_spec_constant, false);
                    let id = self.expr(*e);
                    let spec = std::mem::replace(&mut self.saw_spec_constant, saw);
                    let v = self.param_value(id, spec, "a type parameter");
                    out.push(Param::Value(v, span));
                }
            }
        }
        out
    }

    /// The value of an integer type parameter (or of a built-in argument that becomes one):
    /// a constant integer expression, possibly made of specialization constants.
    fn param_value(&mut self, id: ExprId, spec: bool, what: &str) -> Option<ParamValue> {
        let span = self.espan(id);
        let ty = self.ety(id);
        if self.m.types.is_error(ty) {
            return None;
        }
        let c = match self.m.types.get(ty) {
            Type::Scalar(s) if s.is_int() || *s == Scalar::Bool => self.const_value(id),
            _ => {
                self.error(
                    "type-parameter",
                    span,
                    format!(
                        "{what} must be a constant integer expression, found a value of type `{}`",
                        self.ty_name(ty)
                    ),
                );
                return None;
            }
        };
        let Some(c) = c else {
            self.error(
                "type-parameter",
                span,
                format!("{what} must be a constant integer expression"),
            );
            return None;
        };
        let v = match c {
            ConstValue::Bool(b) => i64::from(b),
            _ => c.to_i64()?,
        };
        if v < 0 || v > i64::from(u32::MAX) {
            self.error(
                "type-parameter",
                span,
                format!("{what} must be a non-negative integer, found {v}"),
            );
            return None;
        }
        let v = v as u32;
        Some(if let Some(var) = self.ext.spec_refs.get(&id).copied() {
            ParamValue::Spec {
                var: var.0,
                name: self.m.var(var).name,
                default: v,
            }
        } else if spec {
            ParamValue::SpecExpr {
                expr: id.0,
                default: v,
            }
        } else {
            ParamValue::Const(v)
        })
    }

    fn parameterized_type(
        &mut self,
        kind: Kind,
        params: Option<&[ast::TypeParam]>,
        span: Span,
    ) -> TypeId {
        let name = kind.name();
        let Some(params) = params else {
            let what = match kind {
                Kind::Tensor => "a tensor type",
                Kind::LongVector => "a long vector type",
                Kind::CoopVec => "a cooperative vector type",
                Kind::TensorLayout | Kind::TensorView => "a tensor layout or view type",
                _ => "a cooperative matrix type",
            };
            self.error(
                "type-parameters",
                span,
                format!(
                    "`{name}` is {what} and needs its type parameters: `{}`",
                    kind.form()
                ),
            );
            return ids::ERROR;
        };
        let ps = self.type_params(params);
        let count = |this: &mut Self, n: std::ops::RangeInclusive<usize>| -> bool {
            if n.contains(&ps.len()) {
                return true;
            }
            let want = if n.start() == n.end() {
                n.start().to_string()
            } else {
                format!("{} to {}", n.start(), n.end())
            };
            this.error(
                "type-parameters",
                span,
                format!(
                    "`{}` takes {want} type parameters, {} given",
                    kind.form(),
                    ps.len()
                ),
            );
            false
        };
        match kind {
            Kind::CoopMat => {
                let elem = self.elem_param(kind, ps.first().copied(), span);
                if !count(self, 5..=5) {
                    return ids::ERROR;
                }
                let scope = self.value_param(kind, ps[1], "scope");
                let rows = self.value_param(kind, ps[2], "rows");
                let cols = self.value_param(kind, ps[3], "columns");
                let usage = self.value_param(kind, ps[4], "use");
                let (Some(elem), Some(scope), Some(rows), Some(cols), Some(usage)) =
                    (elem, scope, rows, cols, usage)
                else {
                    return ids::ERROR;
                };
                if usage.known().is_some_and(|u| u > 2) {
                    self.error(
                        "type-parameter",
                        ps[4].span(),
                        format!(
                            "the use of a cooperative matrix must be `gl_MatrixUseA`, `gl_MatrixUseB` or `gl_MatrixUseAccumulator`, found {}",
                            usage.value()
                        ),
                    );
                    return ids::ERROR;
                }
                self.m.types.intern(Type::Ext(ExtType::CoopMat(CoopMat {
                    elem,
                    scope,
                    rows,
                    cols,
                    usage: Some(usage),
                })))
            }
            Kind::CoopMatNV(letter) => {
                if !count(self, 4..=4) {
                    return ids::ERROR;
                }
                let bits = self.value_param(kind, ps[0], "bits");
                let scope = self.value_param(kind, ps[1], "scope");
                let rows = self.value_param(kind, ps[2], "rows");
                let cols = self.value_param(kind, ps[3], "columns");
                let (Some(bits), Some(scope), Some(rows), Some(cols)) = (bits, scope, rows, cols)
                else {
                    return ids::ERROR;
                };
                let scalar = match (letter, bits.known()) {
                    (b'f', Some(16)) => Some(Scalar::F16),
                    (b'f', Some(32)) => Some(Scalar::F32),
                    (b'f', Some(64)) => Some(Scalar::F64),
                    (b'i', Some(8)) => Some(Scalar::I8),
                    (b'i', Some(16)) => Some(Scalar::I16),
                    (b'i', Some(32)) => Some(Scalar::I32),
                    (b'i', Some(64)) => Some(Scalar::I64),
                    (b'u', Some(8)) => Some(Scalar::U8),
                    (b'u', Some(16)) => Some(Scalar::U16),
                    (b'u', Some(32)) => Some(Scalar::U32),
                    (b'u', Some(64)) => Some(Scalar::U64),
                    _ => None,
                };
                let Some(scalar) = scalar else {
                    let allowed = if letter == b'f' {
                        "16, 32 or 64"
                    } else {
                        "8, 16, 32 or 64"
                    };
                    let found = match bits {
                        ParamValue::Const(n) => n.to_string(),
                        _ => "a specialization constant".to_string(),
                    };
                    self.error(
                        "type-parameter",
                        ps[0].span(),
                        format!(
                            "the first type parameter of `{name}` is the component size in bits, {allowed}; found {found}"
                        ),
                    );
                    return ids::ERROR;
                };
                let elem = self.m.types.scalar(scalar);
                self.m.types.intern(Type::Ext(ExtType::CoopMat(CoopMat {
                    elem,
                    scope,
                    rows,
                    cols,
                    usage: None,
                })))
            }
            Kind::CoopVec | Kind::LongVector | Kind::Tensor => {
                let elem = self.elem_param(kind, ps.first().copied(), span);
                if !count(self, 2..=2) {
                    return ids::ERROR;
                }
                let what = if kind == Kind::Tensor {
                    "rank"
                } else {
                    "number of components"
                };
                let len = self.value_param(kind, ps[1], what);
                let (Some(elem), Some(len)) = (elem, len) else {
                    return ids::ERROR;
                };
                if len.known() == Some(0) {
                    self.error(
                        "type-parameter",
                        ps[1].span(),
                        format!("the {what} of `{name}` must be at least 1, found 0"),
                    );
                    return ids::ERROR;
                }
                match kind {
                    Kind::CoopVec => self
                        .m
                        .types
                        .intern(Type::Ext(ExtType::CoopVec { elem, len })),
                    Kind::LongVector => {
                        // `vector<T, 2>` ... `vector<T, 4>` are the ordinary vector types.
                        match (self.m.types.as_scalar(elem), len.known()) {
                            (Some(s), Some(n @ 2..=4)) => self.m.types.vector(s, n as u8),
                            _ => self
                                .m
                                .types
                                .intern(Type::Ext(ExtType::LongVector { elem, len })),
                        }
                    }
                    _ => {
                        let Some(rank) = len.known() else {
                            self.error(
                                "type-parameter",
                                ps[1].span(),
                                "the rank of `tensorARM` must be a constant, not a specialization constant",
                            );
                            return ids::ERROR;
                        };
                        self.m
                            .types
                            .intern(Type::Ext(ExtType::Tensor { elem, rank }))
                    }
                }
            }
            Kind::TensorLayout => {
                if !count(self, 1..=2) {
                    return ids::ERROR;
                }
                let dim = self.value_param(kind, ps[0], "number of dimensions");
                let clamp = match ps.get(1) {
                    Some(p) => self.value_param(kind, *p, "clamp mode"),
                    None => Some(ParamValue::Const(0)),
                };
                let (Some(dim), Some(clamp)) = (dim, clamp) else {
                    return ids::ERROR;
                };
                if !self.tensor_dim_ok(dim, ps[0].span()) {
                    return ids::ERROR;
                }
                self.m
                    .types
                    .intern(Type::Ext(ExtType::TensorLayout { dim, clamp }))
            }
            Kind::TensorView => {
                let max = ps
                    .first()
                    .and_then(|p| match p {
                        Param::Value(Some(v), _) => Some(v.value() as usize + 2),
                        _ => None,
                    })
                    .unwrap_or(7);
                if !count(self, 1..=max.max(2)) {
                    return ids::ERROR;
                }
                let dim = self.value_param(kind, ps[0], "number of dimensions");
                let has_dims = match ps.get(1) {
                    Some(p) => self.value_param(kind, *p, "hasDimensions"),
                    None => Some(ParamValue::Const(0)),
                };
                let mut perm = Vec::new();
                for p in ps.iter().skip(2) {
                    perm.push(self.value_param(kind, *p, "permutation"));
                }
                let (Some(dim), Some(has_dims)) = (dim, has_dims) else {
                    return ids::ERROR;
                };
                let Some(mut perm) = perm.into_iter().collect::<Option<Vec<ParamValue>>>() else {
                    return ids::ERROR;
                };
                if !self.tensor_dim_ok(dim, ps[0].span()) {
                    return ids::ERROR;
                }
                let n = dim.value() as usize;
                if !perm.is_empty() && perm.len() != n {
                    self.error(
                        "type-parameters",
                        span,
                        format!(
                            "the permutation of `tensorViewNV<{n}, ...>` needs {n} entries, {} given",
                            perm.len()
                        ),
                    );
                    return ids::ERROR;
                }
                if perm.is_empty() {
                    perm = (0..n as u32).map(ParamValue::Const).collect();
                }
                self.m.types.intern(Type::Ext(ExtType::TensorView {
                    dim,
                    has_dims,
                    perm,
                }))
            }
        }
    }

    fn tensor_dim_ok(&mut self, dim: ParamValue, span: Span) -> bool {
        if dim.known().is_some_and(|d| !(1..=5).contains(&d)) {
            self.error(
                "type-parameter",
                span,
                format!(
                    "a tensor layout or view has 1 to 5 dimensions, found {}",
                    dim.value()
                ),
            );
            return false;
        }
        true
    }

    /// A type parameter that must be an integer.
    fn value_param(&mut self, kind: Kind, p: Param, what: &str) -> Option<ParamValue> {
        match p {
            Param::Value(v, _) => v,
            Param::Type(t, s) => {
                if !self.m.types.is_error(t) {
                    self.error(
                        "type-parameter",
                        s,
                        format!(
                            "the {what} parameter of `{}` must be a constant integer expression, found the type `{}`",
                            kind.name(),
                            self.ty_name(t)
                        ),
                    );
                }
                None
            }
        }
    }

    /// The component type parameter (the first), checked for the family.
    fn elem_param(&mut self, kind: Kind, p: Option<Param>, span: Span) -> Option<TypeId> {
        let name = kind.name();
        let expected = match kind {
            Kind::CoopMat => "an 8-, 16-, 32- or 64-bit integer or a floating-point scalar type",
            Kind::CoopVec => "an integer or floating-point scalar type",
            Kind::Tensor => "a bool, integer or floating-point scalar type",
            _ => "a scalar type (bool, integer or floating point)",
        };
        let (t, s) = match p {
            Some(Param::Type(t, s)) => (t, s),
            Some(Param::Value(_, s)) => {
                self.error(
                    "type-parameter",
                    s,
                    format!(
                        "the first type parameter of `{name}` is its component type, {expected}; found an expression"
                    ),
                );
                return None;
            }
            None => {
                self.error(
                    "type-parameter",
                    span,
                    format!("`{}` needs a component type", kind.form()),
                );
                return None;
            }
        };
        if self.m.types.is_error(t) {
            return None;
        }
        let ok = match self.m.types.get(t) {
            Type::Scalar(sc) => match kind {
                Kind::CoopMat => *sc != Scalar::Bool,
                Kind::CoopVec => *sc != Scalar::Bool && *sc != Scalar::BF16,
                _ => true,
            },
            // `spirv_type` components (GL_EXT_spirv_intrinsics), microscaling floats.
            Type::ExtOpaque(_) => kind != Kind::Tensor,
            _ => false,
        };
        if !ok {
            self.error(
                "type-parameter",
                s,
                format!(
                    "the component type of `{name}` must be {expected}, found `{}`",
                    self.ty_name(t)
                ),
            );
            return None;
        }
        if kind == Kind::Tensor {
            let need = match self.m.types.as_scalar(t) {
                Some(Scalar::BF16) => Some(Ext::ARM_tensors_bfloat16),
                Some(Scalar::FE5M2) => Some(Ext::ARM_tensors_float_e5m2),
                Some(Scalar::FE4M3) => Some(Ext::ARM_tensors_float_e4m3),
                _ => None,
            };
            if let Some(e) = need {
                let what = format!("a tensor of `{}`", self.ty_name(t));
                if !self.require(s, &what, 0, 0, &[e]) {
                    return None;
                }
            }
        }
        Some(t)
    }

    // ---- queries ----

    fn coopmat_of(&self, t: TypeId) -> Option<CoopMat> {
        match self.m.types.get(t) {
            Type::Ext(ExtType::CoopMat(m)) => Some(*m),
            _ => None,
        }
    }

    fn vec_like(&self, t: TypeId) -> Option<VecLike> {
        match self.m.types.get(t) {
            Type::Ext(ExtType::CoopVec { elem, len }) => Some(VecLike {
                coop: true,
                elem: *elem,
                len: *len,
            }),
            Type::Ext(ExtType::LongVector { elem, len }) => Some(VecLike {
                coop: false,
                elem: *elem,
                len: *len,
            }),
            _ => None,
        }
    }

    /// Whether a type is a cooperative or long vector.
    pub(crate) fn is_vector_like(&self, t: TypeId) -> bool {
        self.vec_like(t).is_some()
    }

    fn tensor_of(&self, t: TypeId) -> Option<(TypeId, u32)> {
        match self.m.types.get(t) {
            Type::Ext(ExtType::Tensor { elem, rank }) => Some((*elem, *rank)),
            _ => None,
        }
    }

    /// Matrices and vectors of bfloat16 and 8-bit floats, which have no arithmetic.
    fn no_arithmetic(&self, t: TypeId) -> bool {
        let elem = match self.m.types.get(t) {
            Type::Ext(e) => e.elem(),
            _ => None,
        };
        elem.and_then(|e| self.m.types.as_scalar(e))
            .is_some_and(|s| matches!(s, Scalar::BF16 | Scalar::FE4M3 | Scalar::FE5M2))
    }

    // ---- operators ----

    fn ext_operand_error(
        &mut self,
        op: &str,
        a: TypeId,
        b: Option<TypeId>,
        why: &str,
        span: Span,
    ) -> ExprId {
        let msg = match b {
            Some(b) => format!(
                "the `{op}` operator cannot be applied to `{}` and `{}`{why}",
                self.ty_name(a),
                self.ty_name(b)
            ),
            None => format!(
                "the `{op}` operator cannot be applied to `{}`{why}",
                self.ty_name(a)
            ),
        };
        self.error("operand-type", span, msg);
        self.error_expr(span)
    }

    /// A binary operator with a parameterized extension type operand.
    pub(crate) fn ext_binary(&mut self, op: BinaryOp, a: ExprId, b: ExprId, span: Span) -> ExprId {
        use BinaryOp::*;
        let (ta, tb) = (self.ety(a), self.ety(b));
        let text = op.text();
        if self.no_arithmetic(ta) || self.no_arithmetic(tb) {
            return self.ext_operand_error(
                text,
                ta,
                Some(tb),
                " (bfloat16 and 8-bit floating-point components have no arithmetic)",
                span,
            );
        }
        // Cooperative matrices.
        let (ma, mb) = (self.coopmat_of(ta), self.coopmat_of(tb));
        if ma.is_some() || mb.is_some() {
            if let (Some(m), Some(_)) = (ma, mb) {
                if ta != tb {
                    return self.ext_operand_error(
                        text,
                        ta,
                        Some(tb),
                        " (cooperative matrices combine only with a matrix of the same type)",
                        span,
                    );
                }
                return match op {
                    Add | Sub | Div => self.fold_binary(op, a, b, ta, span),
                    Mul if m.usage.is_some() => self.fold_binary(op, a, b, ta, span),
                    Mul => self.ext_operand_error(
                        text,
                        ta,
                        Some(tb),
                        " (GL_NV_cooperative_matrix does not multiply two matrices; use `coopMatMulAddNV`)",
                        span,
                    ),
                    _ => self.ext_operand_error(
                        text,
                        ta,
                        Some(tb),
                        " (cooperative matrices have only `+`, `-`, `*` and `/`)",
                        span,
                    ),
                };
            }
            let (mt, m, st) = match (ma, mb) {
                (Some(m), _) => (ta, m, tb),
                (None, Some(m)) => (tb, m, ta),
                (None, None) => return self.error_expr(span),
            };
            if op != Mul {
                return self.ext_operand_error(
                    text,
                    ta,
                    Some(tb),
                    " (a cooperative matrix combines with a scalar only by `*`)",
                    span,
                );
            }
            if st != m.elem {
                let why = format!(
                    " (a scalar multiplying a cooperative matrix must have its component type `{}`)",
                    self.ty_name(m.elem)
                );
                return self.ext_operand_error(text, ta, Some(tb), &why, span);
            }
            return self.fold_binary(op, a, b, mt, span);
        }
        // Cooperative and long vectors.
        let (va, vb) = (self.vec_like(ta), self.vec_like(tb));
        if va.is_some() || vb.is_some() {
            let (vt, v) = match (va, vb) {
                (Some(v), _) => (ta, v),
                (None, Some(v)) => (tb, v),
                (None, None) => return self.error_expr(span),
            };
            let elem = self.m.types.as_scalar(v.elem);
            let (a, b) = if va.is_some() && vb.is_some() {
                if ta != tb {
                    return self.ext_operand_error(
                        text,
                        ta,
                        Some(tb),
                        " (the operands must have the same component type and number of components)",
                        span,
                    );
                }
                (a, b)
            } else {
                // A scalar operand is converted to the component type.
                let (st, s_is_b) = if va.is_some() {
                    (tb, true)
                } else {
                    (ta, false)
                };
                let Some(ss) = self.m.types.as_scalar(st) else {
                    return self.ext_operand_error(
                        text,
                        ta,
                        Some(tb),
                        " (a vector of this kind combines only with the same type or a scalar)",
                        span,
                    );
                };
                let shift = matches!(op, Shl | Shr);
                if shift {
                    if !s_is_b || !ss.is_int() {
                        return self.ext_operand_error(
                            text,
                            ta,
                            Some(tb),
                            " (a shift needs the vector on the left and an integer on the right)",
                            span,
                        );
                    }
                    (a, b)
                } else {
                    let Some(es) = elem else {
                        return self.ext_operand_error(text, ta, Some(tb), "", span);
                    };
                    if ss != es && self.implicit_conversion(ss, es).is_none() {
                        let why = format!(
                            " (the scalar must convert to the component type `{}`)",
                            es.name()
                        );
                        return self.ext_operand_error(text, ta, Some(tb), &why, span);
                    }
                    let t = self.m.types.scalar(es);
                    if s_is_b {
                        (a, self.convert(b, t))
                    } else {
                        (self.convert(a, t), b)
                    }
                }
            };
            let is_bool = elem == Some(Scalar::Bool);
            let is_int = elem.is_some_and(|s| s.is_int());
            let rt = match op {
                Add | Sub | Mul | Div if !is_bool => vt,
                Mod | BitAnd | BitOr | BitXor | Shl | Shr if is_int => vt,
                Eq | Ne if va.is_some() && vb.is_some() => ids::BOOL,
                _ => {
                    return self.ext_operand_error(
                        text,
                        ta,
                        Some(tb),
                        " (not defined for this component type)",
                        span,
                    )
                }
            };
            return self.fold_binary(op, a, b, rt, span);
        }
        // Tensors, tensor layouts and views have no operators.
        self.ext_operand_error(text, ta, Some(tb), "", span)
    }

    /// A unary operator on a parameterized extension type.
    pub(crate) fn ext_unary(&mut self, op: UnaryOp, v: ExprId, span: Span) -> ExprId {
        let ty = self.ety(v);
        if self.no_arithmetic(ty) {
            return self.ext_operand_error(
                op.text(),
                ty,
                None,
                " (bfloat16 and 8-bit floating-point components have no arithmetic)",
                span,
            );
        }
        let scalar = if let Some(m) = self.coopmat_of(ty) {
            if !matches!(op, UnaryOp::Plus | UnaryOp::Neg) {
                return self.ext_operand_error(
                    op.text(),
                    ty,
                    None,
                    " (cooperative matrices have only unary `-` and `+`)",
                    span,
                );
            }
            self.m.types.as_scalar(m.elem)
        } else if let Some(vl) = self.vec_like(ty) {
            self.m.types.as_scalar(vl.elem)
        } else {
            return self.ext_operand_error(op.text(), ty, None, "", span);
        };
        let ok = match op {
            UnaryOp::Plus | UnaryOp::Neg => scalar != Some(Scalar::Bool),
            UnaryOp::BitNot => scalar.is_some_and(|s| s.is_int()),
            UnaryOp::Not => false,
            UnaryOp::PreInc | UnaryOp::PreDec | UnaryOp::PostInc | UnaryOp::PostDec => {
                let ok = scalar != Some(Scalar::Bool);
                if ok {
                    self.check_lvalue(v, op.text());
                }
                ok
            }
        };
        if !ok {
            return self.ext_operand_error(op.text(), ty, None, "", span);
        }
        if matches!(op, UnaryOp::Plus | UnaryOp::Neg | UnaryOp::BitNot) {
            if let Some(c) = self.const_value(v) {
                if let Ok(r) = constant::unary(op, &c) {
                    return self.add_expr(ExprKind::Const(r), ty, span);
                }
            }
        }
        self.add_expr(ExprKind::Unary(op, v), ty, span)
    }

    /// `.length()` of a parameterized extension type.
    pub(crate) fn ext_length(&mut self, b: ExprId, name_span: Span, span: Span) -> ExprId {
        let bt = self.ety(b);
        if let Some(m) = self.coopmat_of(bt) {
            // The number of components each invocation holds: known when the pipeline is
            // built, so a specialization constant (glslang's OpCooperativeMatrixLengthKHR).
            self.saw_spec_constant = true;
            let n = m.rows.value().saturating_mul(m.cols.value()).max(1);
            return self.const_expr(ConstValue::I32(n.min(i32::MAX as u32) as i32), span);
        }
        if let Some(v) = self.vec_like(bt) {
            if v.len.is_spec() {
                self.saw_spec_constant = true;
            }
            return self.const_expr(ConstValue::I32(v.len.value() as i32), span);
        }
        self.error(
            "length-type",
            name_span,
            format!(
                "`.length()` needs an array, vector, matrix, cooperative matrix or cooperative vector, found `{}`",
                self.ty_name(bt)
            ),
        );
        self.error_expr(span)
    }

    // ---- constructors ----

    /// A constructor of a parameterized extension type.
    pub(crate) fn construct_ext(
        &mut self,
        ty: TypeId,
        args: Vec<ExprId>,
        span: Span,
        tspan: Span,
    ) -> ExprId {
        let tname = self.ty_name(ty);
        if let Some(m) = self.coopmat_of(ty) {
            if args.len() != 1 {
                self.error(
                    "constructor-arguments",
                    span,
                    format!(
                        "`{tname}` is constructed from one argument (a scalar or another cooperative matrix), {} given",
                        args.len()
                    ),
                );
                return self.error_expr(span);
            }
            let a = args[0];
            let at = self.ety(a);
            let target = self.m.types.as_scalar(m.elem);
            if self.m.types.is_scalar(at) {
                if let (Some(c), Some(ts)) = (self.const_value(a), target) {
                    if !c.is_composite() {
                        return self.add_expr(
                            ExprKind::Const(ConstValue::Composite(vec![c.convert(ts)])),
                            ty,
                            span,
                        );
                    }
                }
                return self.add_expr(ExprKind::Construct(ty, args), ty, span);
            }
            if let Some(src) = self.coopmat_of(at) {
                let same_kind = src.usage.is_some() == m.usage.is_some();
                let use_ok = src.usage == m.usage
                    || (self.ext_on(Ext::NV_cooperative_matrix2)
                        && src.usage == Some(ParamValue::Const(2))
                        && matches!(m.usage, Some(ParamValue::Const(0 | 1))));
                if !same_kind
                    || src.rows != m.rows
                    || src.cols != m.cols
                    || src.scope != m.scope
                    || !use_ok
                {
                    let extra = if self.ext_on(Ext::NV_cooperative_matrix2) {
                        ", except an accumulator made into an A or B matrix"
                    } else {
                        ""
                    };
                    self.error(
                        "constructor-arguments",
                        span,
                        format!(
                            "cooperative matrix type parameters mismatch: `{tname}` cannot be made from `{}` (only the component type may differ{extra})",
                            self.ty_name(at)
                        ),
                    );
                    return self.error_expr(span);
                }
                if let (Some(ConstValue::Composite(v)), Some(ts)) = (self.const_value(a), target) {
                    if v.len() == 1 {
                        return self.add_expr(
                            ExprKind::Const(ConstValue::Composite(vec![v[0].convert(ts)])),
                            ty,
                            span,
                        );
                    }
                }
                return self.add_expr(ExprKind::Construct(ty, args), ty, span);
            }
            let s = self.espan(a);
            self.error(
                "constructor-arguments",
                s,
                format!(
                    "a cooperative matrix is constructed from a scalar or another cooperative matrix, found `{}`",
                    self.ty_name(at)
                ),
            );
            return self.error_expr(span);
        }
        if let Some(v) = self.vec_like(ty) {
            return self.construct_vector_like(ty, v, args, span);
        }
        let what = if self.tensor_of(ty).is_some() {
            "tensors are only declared as uniforms and passed to functions"
        } else {
            "make tensor layouts and views with `createTensorLayoutNV` and `createTensorViewNV`"
        };
        self.error(
            "constructor-type",
            tspan,
            format!("`{tname}` cannot be constructed ({what})"),
        );
        self.error_expr(span)
    }

    /// The number of components an argument of a vector constructor gives (`None` when it is
    /// a specialization constant), or an error.
    fn ctor_components(&mut self, a: ExprId, tname: &str) -> Result<Option<u32>, ()> {
        let at = self.ety(a);
        if let Some(v) = self.vec_like(at) {
            return Ok(v.len.known());
        }
        if self.m.types.is_numeric_or_bool(at) {
            return Ok(self.m.types.component_count(at));
        }
        let s = self.espan(a);
        self.error(
            "constructor-arguments",
            s,
            format!(
                "`{tname}` cannot be constructed from `{}`",
                self.ty_name(at)
            ),
        );
        Err(())
    }

    fn construct_vector_like(
        &mut self,
        ty: TypeId,
        v: VecLike,
        args: Vec<ExprId>,
        span: Span,
    ) -> ExprId {
        let tname = self.ty_name(ty);
        // Components of types the checker keeps opaque (the microscaling floats and their
        // vectors): accepted as written.
        if args.iter().any(|a| self.is_ext_opaque(self.ety(*a))) {
            return self.add_expr(ExprKind::Construct(ty, args), ty, span);
        }
        let mut counts = Vec::with_capacity(args.len());
        for a in &args {
            match self.ctor_components(*a, &tname) {
                Ok(c) => counts.push(c),
                Err(()) => return self.error_expr(span),
            }
        }
        if args.len() == 1 {
            let at = self.ety(args[0]);
            if let Some(src) = self.vec_like(at) {
                // Conversion between vector types of the same length.
                let ok = src.len == v.len
                    || matches!((src.len.known(), v.len.known()), (Some(a), Some(b)) if a >= b);
                if !ok {
                    let s = self.espan(args[0]);
                    self.error(
                        "constructor-arguments",
                        s,
                        format!(
                            "`{tname}` needs {} components, `{}` has {}",
                            v.len.value(),
                            self.ty_name(at),
                            src.len.value()
                        ),
                    );
                    return self.error_expr(span);
                }
            }
        }
        let needed = v.len.known();
        let broadcast = args.len() == 1 && self.m.types.is_scalar(self.ety(args[0]));
        if let (Some(n), false) = (needed, broadcast) {
            let mut total = 0u32;
            let mut unknown = false;
            for (i, c) in counts.iter().enumerate() {
                if total >= n && !unknown {
                    let s = self.espan(args[i]);
                    self.error(
                        "constructor-arguments",
                        s,
                        format!(
                            "too many arguments to `{tname}`: argument {} is not used",
                            i + 1
                        ),
                    );
                    return self.error_expr(span);
                }
                match c {
                    Some(c) => total += c,
                    None => unknown = true,
                }
            }
            if total < n && !unknown {
                self.error(
                    "constructor-arguments",
                    span,
                    format!("not enough components for `{tname}`: {n} needed, {total} given"),
                );
                return self.error_expr(span);
            }
        }
        // Fold a constant vector of known length.
        if let (Some(n), Some(s)) = (needed, self.m.types.as_scalar(v.elem)) {
            let consts: Option<Vec<ConstValue>> =
                args.iter().map(|a| self.const_value(*a)).collect();
            if let Some(cs) = consts {
                let mut flat = Vec::new();
                for c in &cs {
                    flatten(c, &mut flat);
                }
                if !flat.is_empty() {
                    let comps: Vec<ConstValue> = if flat.len() == 1 {
                        vec![flat[0].convert(s); n as usize]
                    } else if flat.len() >= n as usize {
                        flat[..n as usize].iter().map(|c| c.convert(s)).collect()
                    } else {
                        Vec::new()
                    };
                    if !comps.is_empty() {
                        return self.add_expr(
                            ExprKind::Const(ConstValue::Composite(comps)),
                            ty,
                            span,
                        );
                    }
                }
            }
        }
        self.add_expr(ExprKind::Construct(ty, args), ty, span)
    }

    /// A scalar, vector or matrix constructor with a cooperative or long vector argument.
    pub(crate) fn construct_numeric_from_vectors(
        &mut self,
        ty: TypeId,
        args: Vec<ExprId>,
        span: Span,
    ) -> ExprId {
        let tname = self.ty_name(ty);
        let needed = self.m.types.component_count(ty).unwrap_or(1);
        let mut total = 0u32;
        let mut unknown = false;
        for (i, a) in args.iter().enumerate() {
            let c = match self.ctor_components(*a, &tname) {
                Ok(c) => c,
                Err(()) => return self.error_expr(span),
            };
            if total >= needed && !unknown {
                let s = self.espan(*a);
                self.error(
                    "constructor-arguments",
                    s,
                    format!(
                        "too many arguments to `{tname}`: argument {} is not used",
                        i + 1
                    ),
                );
                return self.error_expr(span);
            }
            match c {
                Some(c) => total += c,
                None => unknown = true,
            }
        }
        if total < needed && !unknown && !self.m.types.is_scalar(ty) {
            self.error(
                "constructor-arguments",
                span,
                format!("not enough components for `{tname}`: {needed} needed, {total} given"),
            );
            return self.error_expr(span);
        }
        self.add_expr(ExprKind::Construct(ty, args), ty, span)
    }

    // ---- declarations ----

    /// Storage rules of the parameterized extension types (called for every variable
    /// declaration).
    pub(crate) fn check_ext_storage(&mut self, storage: Storage, ty: TypeId, span: Span) {
        let inner = self.m.types.innermost(ty);
        if self.coopmat_of(inner).is_some() {
            let bad = match storage {
                Storage::Shared => Some("in shared memory"),
                Storage::In | Storage::Out => Some("as shader inputs or outputs"),
                Storage::Uniform | Storage::Buffer => Some("as uniforms or buffer variables"),
                _ => None,
            };
            if let Some(where_) = bad {
                self.error(
                    "coopmat-storage",
                    span,
                    format!(
                        "cooperative matrix types cannot be used {where_} (`{}`)",
                        self.ty_name(ty)
                    ),
                );
            }
        }
    }

    /// A member of a block cannot be or contain a cooperative matrix.
    pub(crate) fn check_ext_block_member(&mut self, ty: TypeId, span: Span) {
        let types = &self.m.types;
        let has = types.any_part(ty, &|t| matches!(t, Type::Ext(ExtType::CoopMat(_))));
        if has {
            self.error(
                "coopmat-storage",
                span,
                format!(
                    "a block member cannot be or contain a cooperative matrix type (`{}`)",
                    self.ty_name(ty)
                ),
            );
        }
    }

    // ---- built-in functions ----

    /// Calls to the built-in functions of these extensions; `None` for other names.
    pub(crate) fn ext_builtin_call(
        &mut self,
        text: &str,
        nspan: Span,
        args: &[ExprId],
        span: Span,
    ) -> Option<ExprId> {
        if text == "saturatedConvertEXT"
            && args.iter().any(|a| self.coopmat_of(self.ety(*a)).is_some())
        {
            return Some(self.saturated_convert_coopmat(nspan, args, span));
        }
        let name: &'static str = EXT_BUILTINS.iter().copied().find(|n| *n == text)?;
        let exts = ext_builtin_exts(name)?;
        if !self.any_ext(exts) && !self.builtin_mode {
            let names: Vec<&str> = exts.iter().map(|e| e.name()).collect();
            self.error(
                "feature-unavailable",
                nspan,
                format!("`{name}` needs {}", names.join(" or ")),
            );
            return Some(self.error_expr(span));
        }
        let mut c = Call {
            name,
            nspan,
            args,
            ok: true,
        };
        let ret = match name {
            "coopMatLoad" | "coopMatStore" | "coopMatLoadNV" | "coopMatStoreNV" => {
                self.coopmat_load_store(&mut c)
            }
            "coopMatMulAdd" | "coopMatMulAddNV" => self.coopmat_muladd(&mut c),
            "coopMatLoadTensorNV" | "coopMatStoreTensorNV" => {
                self.coopmat_tensor_load_store(&mut c)
            }
            "coopMatReduceNV" => self.coopmat_reduce(&mut c),
            "coopMatPerElementNV" => self.coopmat_per_element(&mut c),
            "coopMatTransposeNV" => self.coopmat_transpose(&mut c),
            "createTensorLayoutNV" | "createTensorViewNV" => self.create_tensor_layout(&mut c),
            "setTensorLayoutBlockSizeNV"
            | "setTensorLayoutDimensionNV"
            | "setTensorLayoutStrideNV"
            | "sliceTensorLayoutNV"
            | "setTensorLayoutClampValueNV"
            | "setTensorViewDimensionsNV"
            | "setTensorViewStrideNV"
            | "setTensorViewClipNV" => self.set_tensor_layout(&mut c),
            "coopVecMatMulNV" | "coopVecMatMulAddNV" => self.coopvec_matmul(&mut c),
            "coopVecLoadNV" | "coopVecStoreNV" | "coopVecReduceSumAccumulateNV" => {
                self.coopvec_load_store(&mut c)
            }
            "coopVecOuterProductAccumulateNV" => self.coopvec_outer_product(&mut c),
            "tensorSizeARM" => self.tensor_size(&mut c),
            _ => self.tensor_read_write(&mut c),
        };
        let ret = ret.unwrap_or(ids::ERROR);
        let r = BuiltinRef {
            name,
            sig: u32::MAX,
        };
        if !c.ok {
            return Some(self.add_expr(ExprKind::Builtin(r, args.to_vec()), ids::ERROR, span));
        }
        Some(self.add_expr(ExprKind::Builtin(r, args.to_vec()), ret, span))
    }

    /// `saturatedConvertEXT(out coopmat dst, coopmat src)` (GL_EXT_float_e5m2 and
    /// GL_EXT_float_e4m3): the matrices differ only in component type and use.
    fn saturated_convert_coopmat(&mut self, nspan: Span, args: &[ExprId], span: Span) -> ExprId {
        let mut c = Call {
            name: "saturatedConvertEXT",
            nspan,
            args,
            ok: true,
        };
        if self.arg_count(&mut c, 2..=2) {
            let d = self.arg_coopmat(&mut c, 0, "the destination", Some(false));
            self.arg_out(&mut c, 0, "the destination");
            let s = self.arg_coopmat(&mut c, 1, "the source", Some(false));
            if let (Some(d), Some(s)) = (d, s) {
                let fp8 = |t: TypeId, this: &Self| {
                    matches!(
                        this.m.types.as_scalar(t),
                        Some(Scalar::FE4M3 | Scalar::FE5M2)
                    )
                };
                if !fp8(d.elem, self) {
                    let sp = self.espan(args[0]);
                    let msg = format!(
                        "the destination of `saturatedConvertEXT` must have `floate5m2_t` or `floate4m3_t` components, found `{}`",
                        self.ty_name(d.elem)
                    );
                    self.call_error(&mut c, sp, msg);
                }
                if fp8(s.elem, self) {
                    let sp = self.espan(args[1]);
                    let msg = format!(
                        "the source of `saturatedConvertEXT` must not have `floate5m2_t` or `floate4m3_t` components, found `{}`",
                        self.ty_name(s.elem)
                    );
                    self.call_error(&mut c, sp, msg);
                }
                if d.rows != s.rows || d.cols != s.cols || d.scope != s.scope {
                    let msg = format!(
                        "the matrices of `saturatedConvertEXT` must match except in component type and use: `{}` and `{}`",
                        self.ty_name(self.ety(args[0])),
                        self.ty_name(self.ety(args[1]))
                    );
                    self.call_error(&mut c, nspan, msg);
                }
            }
        }
        let ty = if c.ok { ids::VOID } else { ids::ERROR };
        let r = BuiltinRef {
            name: "saturatedConvertEXT",
            sig: u32::MAX,
        };
        self.add_expr(ExprKind::Builtin(r, args.to_vec()), ty, span)
    }

    fn call_error(&mut self, c: &mut Call, span: Span, msg: String) {
        c.ok = false;
        self.error("builtin-arguments", span, msg);
    }

    /// Checks the number of arguments; reports and returns false when it is outside `n`.
    fn arg_count(&mut self, c: &mut Call, n: std::ops::RangeInclusive<usize>) -> bool {
        if n.contains(&c.args.len()) {
            return true;
        }
        let want = if n.start() == n.end() {
            n.start().to_string()
        } else if *n.end() == usize::MAX {
            format!("at least {}", n.start())
        } else {
            format!("{} to {}", n.start(), n.end())
        };
        let msg = format!(
            "`{}` takes {want} arguments, {} given",
            c.name,
            c.args.len()
        );
        let ns = c.nspan;
        self.call_error(c, ns, msg);
        false
    }

    fn arg_coopmat(
        &mut self,
        c: &mut Call,
        i: usize,
        what: &str,
        nv: Option<bool>,
    ) -> Option<CoopMat> {
        let a = c.args[i];
        let at = self.ety(a);
        match self.coopmat_of(at) {
            Some(m) if nv.is_none_or(|nv| nv == m.usage.is_none()) => Some(m),
            _ => {
                let want = match nv {
                    Some(true) => "a GL_NV_cooperative_matrix matrix (`fcoopmatNV<...>`)",
                    Some(false) => "a cooperative matrix (`coopmat<...>`)",
                    None => "a cooperative matrix",
                };
                let s = self.espan(a);
                let msg = format!(
                    "{what} of `{}` must be {want}, found `{}`",
                    c.name,
                    self.ty_name(at)
                );
                self.call_error(c, s, msg);
                None
            }
        }
    }

    fn arg_coopvec(&mut self, c: &mut Call, i: usize, what: &str) -> Option<VecLike> {
        let a = c.args[i];
        let at = self.ety(a);
        match self.vec_like(at) {
            Some(v) if v.coop => Some(v),
            _ => {
                let s = self.espan(a);
                let msg = format!(
                    "no overload of `{}` takes `{}` as {what}: it must be a cooperative vector (`coopvecNV<T, N>`)",
                    c.name,
                    self.ty_name(at)
                );
                self.call_error(c, s, msg);
                None
            }
        }
    }

    /// An argument converted implicitly to a scalar type. (A `uint` index or offset may be a
    /// 64-bit integer with GL_EXT_shader_64bit_indexing.)
    fn arg_scalar(&mut self, c: &mut Call, i: usize, to: Scalar, what: &str) {
        let a = c.args[i];
        let at = self.ety(a);
        if self.m.types.is_error(at) {
            return;
        }
        if to == Scalar::U32
            && matches!(self.m.types.as_scalar(at), Some(Scalar::I64 | Scalar::U64))
        {
            let s = self.espan(a);
            let what = format!("a 64-bit value for {what} of `{}`", c.name);
            if !self.require(s, &what, 0, 0, &[Ext::EXT_shader_64bit_indexing]) {
                c.ok = false;
            }
            return;
        }
        let ok = self
            .m
            .types
            .as_scalar(at)
            .is_some_and(|s| s == to || self.implicit_conversion(s, to).is_some());
        if !ok {
            let s = self.espan(a);
            let msg = format!(
                "{what} of `{}` must be a `{}`, found `{}`",
                c.name,
                to.name(),
                self.ty_name(at)
            );
            self.call_error(c, s, msg);
        }
    }

    fn arg_const(&mut self, c: &mut Call, i: usize, what: &str) -> Option<ConstValue> {
        let a = c.args[i];
        if self.m.types.is_error(self.ety(a)) {
            return None;
        }
        let v = self.const_value(a);
        if v.is_none() {
            let s = self.espan(a);
            let msg = format!("{what} of `{}` must be a constant expression", c.name);
            self.call_error(c, s, msg);
        }
        v
    }

    /// An out argument: an l-value.
    fn arg_out(&mut self, c: &mut Call, i: usize, what: &str) {
        let msg = format!("{what} of `{}` is an `out` parameter", c.name);
        if !self.check_lvalue(c.args[i], &msg) {
            c.ok = false;
        }
    }

    /// The storage an l-value lives in: the variable it is part of; a buffer for anything
    /// reached through a buffer reference.
    fn root_storage(&self, e: ExprId) -> Option<(Storage, Option<VarId>)> {
        let mut cur = e;
        loop {
            match &self.m.expr(cur).kind {
                ExprKind::Index(b, _) | ExprKind::Swizzle(b, _) => cur = *b,
                ExprKind::Member(b, _) => {
                    if self.is_buffer_reference_value(*b) {
                        return Some((Storage::Buffer, None));
                    }
                    cur = *b;
                }
                ExprKind::Var(v) => return Some((self.m.var(*v).storage, Some(*v))),
                _ => return None,
            }
        }
    }

    /// A buffer argument of a load or store: an array in a buffer block or in shared memory.
    fn arg_buffer(&mut self, c: &mut Call, i: usize, require_plain: bool) {
        let a = c.args[i];
        let at = self.ety(a);
        if self.m.types.is_error(at) {
            return;
        }
        let s = self.espan(a);
        let Type::Array { elem, .. } = *self.m.types.get(at) else {
            let msg = format!(
                "the buffer argument of `{}` must be an array, found `{}`",
                c.name,
                self.ty_name(at)
            );
            self.call_error(c, s, msg);
            return;
        };
        if require_plain && !self.m.types.is_scalar(elem) && !self.m.types.is_vector(elem) {
            let msg = format!(
                "the buffer argument of `{}` must be an array of scalars or vectors, found `{}`",
                c.name,
                self.ty_name(at)
            );
            self.call_error(c, s, msg);
            return;
        }
        match self.root_storage(a) {
            Some((Storage::Buffer | Storage::Shared, _)) => {}
            root => {
                let found = match root {
                    Some((_, Some(v))) => {
                        format!("`{}` is not", self.name(self.m.var(v).name))
                    }
                    _ => "the argument is not a variable".to_string(),
                };
                let msg = format!(
                    "the buffer argument of `{}` must be in a buffer block or in `shared` memory; {found}",
                    c.name
                );
                self.call_error(c, s, msg);
            }
        }
    }

    fn coopmat_load_store(&mut self, c: &mut Call) -> Option<TypeId> {
        if !self.arg_count(c, 5..=5) {
            return Some(ids::VOID);
        }
        let nv = c.name.ends_with("NV");
        let load = c.name.starts_with("coopMatLoad");
        self.arg_coopmat(c, 0, "the matrix", Some(nv));
        if load {
            self.arg_out(c, 0, "the matrix");
        }
        self.arg_buffer(c, 1, true);
        if !load {
            // The buffer is written, not read (a `writeonly` buffer is fine, `readonly` not).
            self.arg_out(c, 1, "the buffer");
        }
        self.arg_scalar(c, 2, Scalar::U32, "the element index");
        self.arg_scalar(c, 3, Scalar::U32, "the stride");
        if nv {
            self.arg_scalar(c, 4, Scalar::Bool, "the column-major flag");
        } else {
            self.arg_scalar(c, 4, Scalar::I32, "the matrix layout");
        }
        Some(ids::VOID)
    }

    fn dims(p: ParamValue) -> String {
        match p {
            ParamValue::Const(n) => n.to_string(),
            ParamValue::Spec { .. } | ParamValue::SpecExpr { .. } => "spec_const".to_string(),
        }
    }

    fn coopmat_muladd(&mut self, c: &mut Call) -> Option<TypeId> {
        let nv = c.name.ends_with("NV");
        let n = if nv { 3..=3 } else { 3..=4 };
        if !self.arg_count(c, n) {
            return None;
        }
        let a = self.arg_coopmat(c, 0, "the A matrix", Some(nv));
        let b = self.arg_coopmat(c, 1, "the B matrix", Some(nv));
        let m = self.arg_coopmat(c, 2, "the C matrix", Some(nv));
        let ret = self.ety(c.args[2]);
        if c.args.len() == 4 {
            self.arg_scalar(c, 3, Scalar::I32, "the matrix operands");
            self.arg_const(c, 3, "the matrix operands");
        }
        let (Some(a), Some(b), Some(m)) = (a, b, m) else {
            return Some(ret);
        };
        if !nv {
            let uses = [(a, 0, "A", 0usize), (b, 1, "B", 1), (m, 2, "C", 2)];
            for (x, want, which, i) in uses {
                if x.usage != Some(ParamValue::Const(want)) {
                    let names = ["gl_MatrixUseA", "gl_MatrixUseB", "gl_MatrixUseAccumulator"];
                    let found = x
                        .usage
                        .and_then(|u| u.known())
                        .and_then(|u| names.get(u as usize).copied())
                        .unwrap_or("another use");
                    let s = self.espan(c.args[i]);
                    let msg = format!(
                        "the {which} matrix of `{}` must have use `{}`, found `{found}`",
                        c.name, names[want as usize]
                    );
                    self.call_error(c, s, msg);
                }
            }
        }
        if a.cols != b.rows {
            let s = self.espan(c.args[0]);
            let msg = format!(
                "`{}` cannot multiply matrices of incompatible sizes {} x {} and {} x {} (A's columns must equal B's rows)",
                c.name,
                Self::dims(a.rows),
                Self::dims(a.cols),
                Self::dims(b.rows),
                Self::dims(b.cols)
            );
            self.call_error(c, s, msg);
        } else if a.rows != m.rows || b.cols != m.cols {
            let s = self.espan(c.args[2]);
            let msg = format!(
                "`{}` cannot add matrices of incompatible sizes: A x B is {} x {}, C is {} x {}",
                c.name,
                Self::dims(a.rows),
                Self::dims(b.cols),
                Self::dims(m.rows),
                Self::dims(m.cols)
            );
            self.call_error(c, s, msg);
        }
        if a.scope != b.scope || a.scope != m.scope {
            let msg = format!("the matrices of `{}` must have the same scope", c.name);
            let ns = c.nspan;
            self.call_error(c, ns, msg);
        }
        Some(ret)
    }

    fn coopmat_transpose(&mut self, c: &mut Call) -> Option<TypeId> {
        if !self.arg_count(c, 2..=2) {
            return Some(ids::VOID);
        }
        let r = self.arg_coopmat(c, 0, "the result", Some(false));
        self.arg_out(c, 0, "the result");
        let m = self.arg_coopmat(c, 1, "the matrix", Some(false));
        if let (Some(r), Some(m)) = (r, m) {
            if r.rows != m.cols || r.cols != m.rows || r.elem != m.elem || r.scope != m.scope {
                let s = self.espan(c.args[0]);
                let msg = format!(
                    "the result of `coopMatTransposeNV` must be the transposed shape of its operand ({} x {} for `{}`), found `{}`",
                    Self::dims(m.cols),
                    Self::dims(m.rows),
                    self.ty_name(self.ety(c.args[1])),
                    self.ty_name(self.ety(c.args[0]))
                );
                self.call_error(c, s, msg);
            }
        }
        Some(ids::VOID)
    }

    /// The user function an argument names.
    fn arg_function(&mut self, c: &mut Call, i: usize, what: &str) -> Option<(FuncId, String)> {
        let a = c.args[i];
        let name = self.ext.func_refs.get(&a).copied();
        let f = name.and_then(|n| self.funcs.get(&n).and_then(|v| v.first().copied()));
        match (name, f) {
            (Some(n), Some(f)) => {
                self.m.func_args.insert(a, f);
                Some((f, self.name(n).to_string()))
            }
            _ => {
                let s = self.espan(a);
                let msg = format!("{what} of `{}` must be the name of a function", c.name);
                self.call_error(c, s, msg);
                None
            }
        }
    }

    /// Parameters of a user function: (type, is `const in`).
    fn function_params(&self, f: FuncId) -> Vec<(TypeId, bool)> {
        self.m
            .function(f)
            .params
            .iter()
            .map(|v| {
                let var = self.m.var(*v);
                (
                    var.ty,
                    matches!(var.storage, Storage::Param(ParamDir::ConstIn)),
                )
            })
            .collect()
    }

    /// Reports the parameters of a function passed to a built-in that are not `const in`
    /// (one report per parameter, as glslang).
    fn require_const_in(&mut self, c: &mut Call, i: usize, fname: &str, params: &[(TypeId, bool)]) {
        let s = self.espan(c.args[i]);
        for (k, (_, const_in)) in params.iter().enumerate() {
            if !const_in {
                let msg = format!(
                    "the parameters of `{fname}`, passed to `{}`, must all be `const in` (parameter {} is not)",
                    c.name,
                    k + 1
                );
                self.call_error(c, s, msg);
            }
        }
    }

    fn coopmat_reduce(&mut self, c: &mut Call) -> Option<TypeId> {
        if !self.arg_count(c, 4..=4) {
            return Some(ids::VOID);
        }
        let r = self.arg_coopmat(c, 0, "the result", Some(false));
        self.arg_out(c, 0, "the result");
        let m = self.arg_coopmat(c, 1, "the matrix", Some(false));
        self.arg_scalar(c, 2, Scalar::I32, "the reduction mask");
        self.arg_const(c, 2, "the reduction mask");
        let f = self.arg_function(c, 3, "the combine operation");
        let (Some(_r), Some(m), Some((f, fname))) = (r, m, f) else {
            return Some(ids::VOID);
        };
        let params = self.function_params(f);
        let s = self.espan(c.args[3]);
        if params.len() != 2 {
            let msg = format!(
                "the combine function `{fname}` of `coopMatReduceNV` must take two parameters, it takes {}",
                params.len()
            );
            self.call_error(c, s, msg);
            return Some(ids::VOID);
        }
        self.require_const_in(c, 3, &fname, &params);
        let elem = self.ty_name(m.elem);
        for (k, (t, _)) in params.iter().enumerate() {
            if *t != m.elem {
                let msg = format!(
                    "parameter {} of the combine function `{fname}` must have the matrix component type `{elem}`, found `{}`",
                    k + 1,
                    self.ty_name(*t)
                );
                self.call_error(c, s, msg);
            }
        }
        let ret = self.m.function(f).ret;
        if ret != m.elem {
            let msg = format!(
                "the combine function `{fname}` must return the matrix component type `{elem}`, found `{}`",
                self.ty_name(ret)
            );
            self.call_error(c, s, msg);
        }
        Some(ids::VOID)
    }

    fn coopmat_per_element(&mut self, c: &mut Call) -> Option<TypeId> {
        if !self.arg_count(c, 3..=usize::MAX) {
            return Some(ids::VOID);
        }
        let r = self.arg_coopmat(c, 0, "the result", Some(false));
        self.arg_out(c, 0, "the result");
        let m = self.arg_coopmat(c, 1, "the matrix", Some(false));
        let f = self.arg_function(c, 2, "the element operation");
        let (Some(_), Some(m)) = (r, m) else {
            return Some(ids::VOID);
        };
        let (rt, mt) = (self.ety(c.args[0]), self.ety(c.args[1]));
        if rt != mt {
            let msg = format!(
                "the result and input matrices of `coopMatPerElementNV` must have the same type: `{}` and `{}`",
                self.ty_name(rt),
                self.ty_name(mt)
            );
            let ns = c.nspan;
            self.call_error(c, ns, msg);
        }
        let Some((f, fname)) = f else {
            return Some(ids::VOID);
        };
        let params = self.function_params(f);
        let s = self.espan(c.args[2]);
        let extra = c.args.len() - 3;
        if params.len() != 3 + extra {
            let msg = format!(
                "the element operation `{fname}` takes {} parameters; called by `coopMatPerElementNV` with {extra} extra argument{} it must take {}",
                params.len(),
                if extra == 1 { "" } else { "s" },
                3 + extra
            );
            self.call_error(c, s, msg);
            return Some(ids::VOID);
        }
        self.require_const_in(c, 2, &fname, &params);
        let u32t = self.m.types.scalar(Scalar::U32);
        for (k, (t, _)) in params.iter().enumerate().take(2) {
            if *t != u32t {
                let msg = format!(
                    "parameter {} of the element operation `{fname}` (the {}) must be a `uint32_t`, found `{}`",
                    k + 1,
                    if k == 0 { "row" } else { "column" },
                    self.ty_name(*t)
                );
                self.call_error(c, s, msg);
            }
        }
        let elem = self.ty_name(m.elem);
        if params[2].0 != m.elem {
            let msg = format!(
                "parameter 3 of the element operation `{fname}` must have the matrix component type `{elem}`, found `{}`",
                self.ty_name(params[2].0)
            );
            self.call_error(c, s, msg);
        }
        for k in 0..extra {
            let a = c.args[3 + k];
            let at = self.ety(a);
            let pt = params[3 + k].0;
            let ok = at == pt || (self.coopmat_of(at).is_some_and(|x| x.elem == pt) && at == mt);
            if !ok {
                let asp = self.espan(a);
                let msg = format!(
                    "extra argument {} of `coopMatPerElementNV` must have the type of parameter {} of `{fname}` (`{}`) or be a matrix of that component type, found `{}`",
                    k + 1,
                    4 + k,
                    self.ty_name(pt),
                    self.ty_name(at)
                );
                self.call_error(c, asp, msg);
            }
        }
        let ret = self.m.function(f).ret;
        if ret != m.elem {
            let msg = format!(
                "the element operation `{fname}` must return the matrix component type `{elem}`, found `{}`",
                self.ty_name(ret)
            );
            self.call_error(c, s, msg);
        }
        Some(ids::VOID)
    }

    fn tensor_layout_of(&self, t: TypeId) -> Option<ExtType> {
        match self.m.types.get(t) {
            Type::Ext(e @ (ExtType::TensorLayout { .. } | ExtType::TensorView { .. })) => {
                Some(e.clone())
            }
            _ => None,
        }
    }

    fn coopmat_tensor_load_store(&mut self, c: &mut Call) -> Option<TypeId> {
        let load = c.name == "coopMatLoadTensorNV";
        let n = if load { 4..=7 } else { 4..=5 };
        if !self.arg_count(c, n) {
            return Some(ids::VOID);
        }
        let m = self.arg_coopmat(c, 0, "the matrix", Some(false));
        if load {
            self.arg_out(c, 0, "the matrix");
        }
        self.arg_buffer(c, 1, false);
        if !load {
            // The buffer is written, not read.
            self.arg_out(c, 1, "the buffer");
        }
        self.arg_scalar(c, 2, Scalar::U32, "the element offset");
        let lt = self.ety(c.args[3]);
        if !matches!(
            self.tensor_layout_of(lt),
            Some(ExtType::TensorLayout { .. })
        ) {
            let s = self.espan(c.args[3]);
            let msg = format!(
                "the tensor layout of `{}` must be a `tensorLayoutNV`, found `{}`",
                c.name,
                self.ty_name(lt)
            );
            self.call_error(c, s, msg);
        }
        let mut next = 4;
        if let Some(&a) = c.args.get(4) {
            let at = self.ety(a);
            if matches!(self.tensor_layout_of(at), Some(ExtType::TensorView { .. })) {
                next = 5;
            } else if !load {
                let s = self.espan(a);
                let msg = format!(
                    "the tensor view of `{}` must be a `tensorViewNV`, found `{}`",
                    c.name,
                    self.ty_name(at)
                );
                self.call_error(c, s, msg);
            }
        }
        let funcs = c.args.len() - next;
        if funcs > 2 {
            let msg = format!(
                "`{}` takes at most a decode function and a vector decode function after the layout and view",
                c.name
            );
            let ns = c.nspan;
            self.call_error(c, ns, msg);
            return Some(ids::VOID);
        }
        if funcs == 2 {
            self.require(
                c.nspan,
                "a vector decode function",
                0,
                0,
                &[Ext::NV_cooperative_matrix_decode_vector],
            );
        }
        for k in 0..funcs {
            let i = next + k;
            let what = if k == 0 {
                "the decode function"
            } else {
                "the vector decode function"
            };
            let Some((f, fname)) = self.arg_function(c, i, what) else {
                continue;
            };
            if let Some(m) = m {
                self.check_decode_function(c, i, f, &fname, m, k == 1);
            }
        }
        Some(ids::VOID)
    }

    fn check_decode_function(
        &mut self,
        c: &mut Call,
        i: usize,
        f: FuncId,
        fname: &str,
        m: CoopMat,
        vector: bool,
    ) {
        let params = self.function_params(f);
        let s = self.espan(c.args[i]);
        if params.len() != 3 {
            let msg = format!(
                "the decode function `{fname}` must take three parameters (a buffer reference and two coordinate arrays), it takes {}",
                params.len()
            );
            self.call_error(c, s, msg);
            return;
        }
        self.require_const_in(c, i, fname, &params);
        if !self.m.types.is_block(params[0].0) {
            let msg = format!(
                "the first parameter of the decode function `{fname}` must be a buffer reference type, found `{}`",
                self.ty_name(params[0].0)
            );
            self.call_error(c, s, msg);
        }
        let u32t = self.m.types.scalar(Scalar::U32);
        let coords_ok = params[1..].iter().all(|(t, _)| {
            matches!(self.m.types.get(*t), Type::Array { elem, size: ArraySize::Fixed(_) } if *elem == u32t)
        });
        if !coords_ok {
            let found: Vec<String> = params[1..]
                .iter()
                .map(|(t, _)| format!("`{}`", self.ty_name(*t)))
                .collect();
            let msg = format!(
                "the coordinate parameters of the decode function `{fname}` must be `uint32_t` arrays, found {}",
                found.join(" and ")
            );
            self.call_error(c, s, msg);
        }
        let ret = self.m.function(f).ret;
        let elem = self.ty_name(m.elem);
        if !vector {
            if ret != m.elem {
                let msg = format!(
                    "the decode function `{fname}` must return the matrix component type `{elem}` (a scalar), found `{}`",
                    self.ty_name(ret)
                );
                self.call_error(c, s, msg);
            }
            return;
        }
        let shape = match self.m.types.get(ret).clone() {
            Type::Vector(sc, n) => Some((self.m.types.scalar(sc), u32::from(n))),
            Type::Ext(ExtType::LongVector { elem, len }) => Some((elem, len.value())),
            _ => None,
        };
        match shape {
            Some((_, n)) if !matches!(n, 2 | 4 | 8) => {
                let msg = format!(
                    "the vector decode function `{fname}` must return a vector of 2, 4 or 8 components, found `{}`",
                    self.ty_name(ret)
                );
                self.call_error(c, s, msg);
            }
            Some((e, _)) if e != m.elem => {
                let msg = format!(
                    "the vector decode function `{fname}` must return vectors of the matrix component type `{elem}`, found `{}`",
                    self.ty_name(ret)
                );
                self.call_error(c, s, msg);
            }
            Some(_) => {}
            None => {
                let msg = format!(
                    "the vector decode function `{fname}` must return a vector of `{elem}`, found `{}`",
                    self.ty_name(ret)
                );
                self.call_error(c, s, msg);
            }
        }
    }

    fn create_tensor_layout(&mut self, c: &mut Call) -> Option<TypeId> {
        let view = c.name == "createTensorViewNV";
        let n = if view { 1..=7 } else { 1..=2 };
        if !self.arg_count(c, n) {
            return None;
        }
        let mut vals = Vec::new();
        for (k, a) in c.args.iter().enumerate() {
            let what = match (view, k) {
                (_, 0) => "the number of dimensions",
                (false, _) => "the clamp mode",
                (true, 1) => "the has-dimensions flag",
                _ => "a permutation entry",
            };
            let spec = self.ext.spec_refs.contains_key(a) || self.spec_derived(*a);
            let what = format!("{what} of `{}`", c.name);
            match self.param_value(*a, spec, &what) {
                Some(v) => vals.push(v),
                None => {
                    c.ok = false;
                    return None;
                }
            }
        }
        let dim = vals[0];
        if !self.tensor_dim_ok(dim, self.espan(c.args[0])) {
            c.ok = false;
            return None;
        }
        let t = if view {
            let n = dim.value() as usize;
            let mut perm: Vec<ParamValue> = vals.iter().skip(2).copied().collect();
            if !perm.is_empty() && perm.len() != n {
                let msg = format!(
                    "`createTensorViewNV({n}, ...)` takes {n} permutation entries, {} given",
                    perm.len()
                );
                let ns = c.nspan;
                self.call_error(c, ns, msg);
                return None;
            }
            if perm.is_empty() {
                perm = (0..n as u32).map(ParamValue::Const).collect();
            }
            ExtType::TensorView {
                dim,
                has_dims: vals.get(1).copied().unwrap_or(ParamValue::Const(0)),
                perm,
            }
        } else {
            ExtType::TensorLayout {
                dim,
                clamp: vals.get(1).copied().unwrap_or(ParamValue::Const(0)),
            }
        };
        Some(self.m.types.intern(Type::Ext(t)))
    }

    /// Whether a constant argument was computed from specialization constants (the argument
    /// was checked before this call; a folded value does not say, so ask the side table).
    fn spec_derived(&self, e: ExprId) -> bool {
        match &self.m.expr(e).kind {
            ExprKind::Convert(x) => self.ext.spec_refs.contains_key(x),
            _ => false,
        }
    }

    fn set_tensor_layout(&mut self, c: &mut Call) -> Option<TypeId> {
        if c.args.is_empty() {
            self.arg_count(c, 1..=usize::MAX);
            return None;
        }
        let lt = self.ety(c.args[0]);
        let view = c.name.contains("View");
        let e = self.tensor_layout_of(lt);
        let dim = match (&e, view) {
            (Some(ExtType::TensorLayout { dim, .. }), false)
            | (Some(ExtType::TensorView { dim, .. }), true) => *dim,
            _ => {
                let want = if view {
                    "tensorViewNV"
                } else {
                    "tensorLayoutNV"
                };
                let s = self.espan(c.args[0]);
                let msg = format!(
                    "the first argument of `{}` must be a `{want}`, found `{}`",
                    c.name,
                    self.ty_name(lt)
                );
                self.call_error(c, s, msg);
                return None;
            }
        };
        let per_dim = match c.name {
            "sliceTensorLayoutNV" => Some(2),
            "setTensorLayoutClampValueNV" => None,
            "setTensorViewClipNV" => None,
            _ => Some(1),
        };
        let want = match (per_dim, dim.known()) {
            (Some(k), Some(d)) => Some(1 + k * d as usize),
            (Some(_), None) => None,
            (None, _) if c.name == "setTensorViewClipNV" => Some(5),
            (None, _) => Some(2),
        };
        if let Some(w) = want {
            if !self.arg_count(c, w..=w) {
                return Some(lt);
            }
        }
        for i in 1..c.args.len() {
            let to = if c.name == "sliceTensorLayoutNV" && i % 2 == 1 {
                Scalar::I32
            } else {
                Scalar::U32
            };
            self.arg_scalar(c, i, to, &format!("argument {}", i + 1));
        }
        Some(lt)
    }

    fn coopvec_matmul(&mut self, c: &mut Call) -> Option<TypeId> {
        let add = c.name == "coopVecMatMulAddNV";
        let n = if add { 14 } else { 11 };
        if !self.arg_count(c, n..=n) {
            return Some(ids::VOID);
        }
        self.arg_coopvec(c, 0, "the result");
        self.arg_out(c, 0, "the result");
        self.arg_coopvec(c, 1, "the input");
        // (index, name, type, constant)
        let mut spec: Vec<(usize, &str, Scalar, bool)> = vec![
            (2, "inputInterpretation", Scalar::I32, true),
            (4, "matrixOffset", Scalar::U32, false),
            (5, "matrixInterpretation", Scalar::I32, true),
        ];
        let base = if add {
            spec.push((7, "biasOffset", Scalar::U32, false));
            spec.push((8, "biasInterpretation", Scalar::I32, true));
            9
        } else {
            6
        };
        spec.extend([
            (base, "M", Scalar::U32, true),
            (base + 1, "K", Scalar::U32, true),
            (base + 2, "matrixLayout", Scalar::I32, true),
            (base + 3, "transpose", Scalar::Bool, true),
            (base + 4, "matrixStride", Scalar::U32, false),
        ]);
        self.arg_buffer(c, 3, false);
        if add {
            self.arg_buffer(c, 6, false);
        }
        for (i, pname, to, konst) in spec {
            let what = format!("the argument `{pname}`");
            self.arg_scalar(c, i, to, &what);
            if konst {
                self.arg_const(c, i, &what);
            }
        }
        Some(ids::VOID)
    }

    fn coopvec_load_store(&mut self, c: &mut Call) -> Option<TypeId> {
        if !self.arg_count(c, 3..=3) {
            return Some(ids::VOID);
        }
        self.arg_coopvec(c, 0, "the vector");
        if c.name == "coopVecLoadNV" {
            self.arg_out(c, 0, "the vector");
        }
        self.arg_buffer(c, 1, false);
        self.arg_scalar(c, 2, Scalar::U32, "the offset");
        Some(ids::VOID)
    }

    fn coopvec_outer_product(&mut self, c: &mut Call) -> Option<TypeId> {
        if !self.arg_count(c, 7..=7) {
            return Some(ids::VOID);
        }
        let a = self.arg_coopvec(c, 0, "the first vector");
        let b = self.arg_coopvec(c, 1, "the second vector");
        if let (Some(a), Some(b)) = (a, b) {
            if a.elem != b.elem {
                let msg = format!(
                    "the vectors of `{}` must have the same component type, found `{}` and `{}`",
                    c.name,
                    self.ty_name(a.elem),
                    self.ty_name(b.elem)
                );
                let ns = c.nspan;
                self.call_error(c, ns, msg);
            }
        }
        self.arg_buffer(c, 2, false);
        self.arg_scalar(c, 3, Scalar::U32, "the offset");
        self.arg_scalar(c, 4, Scalar::U32, "the stride");
        self.arg_scalar(c, 5, Scalar::I32, "the matrix layout");
        self.arg_const(c, 5, "the matrix layout");
        self.arg_scalar(c, 6, Scalar::I32, "the matrix interpretation");
        self.arg_const(c, 6, "the matrix interpretation");
        Some(ids::VOID)
    }

    fn arg_tensor(&mut self, c: &mut Call) -> Option<(TypeId, u32)> {
        let a = c.args[0];
        let at = self.ety(a);
        let t = self.tensor_of(at);
        if t.is_none() && !self.m.types.is_error(at) {
            let s = self.espan(a);
            let msg = format!(
                "the first argument of `{}` must be a tensor (`tensorARM<T, rank>`), found `{}`",
                c.name,
                self.ty_name(at)
            );
            self.call_error(c, s, msg);
        }
        t
    }

    fn tensor_size(&mut self, c: &mut Call) -> Option<TypeId> {
        if !self.arg_count(c, 2..=2) {
            return Some(ids::UINT);
        }
        let t = self.arg_tensor(c);
        self.arg_scalar(c, 1, Scalar::U32, "the dimension");
        let d = self.const_value(c.args[1]).and_then(|v| v.to_i64());
        let s = self.espan(c.args[1]);
        match (d, t) {
            (None, _) => {
                let msg = "the dimension argument of `tensorSizeARM` must be a constant expression"
                    .to_string();
                self.call_error(c, s, msg);
            }
            (Some(d), Some((_, rank))) if d < 0 || d >= i64::from(rank) => {
                let tn = self.ty_name(self.ety(c.args[0]));
                let msg = format!(
                    "dimension {d} is out of range for `{tn}`: the dimension argument of `tensorSizeARM` must be less than the rank {rank}"
                );
                self.call_error(c, s, msg);
            }
            _ => {}
        }
        Some(ids::UINT)
    }

    fn tensor_read_write(&mut self, c: &mut Call) -> Option<TypeId> {
        let read = c.name == "tensorReadARM";
        if !self.arg_count(c, 3..=5) {
            return Some(ids::VOID);
        }
        let t = self.arg_tensor(c);
        // Memory qualifiers of the tensor.
        if let Some((_, Some(v))) = self.root_storage(c.args[0]) {
            let mem = self.m.var(v).quals.memory;
            let (bad, q) = if read {
                (mem.writeonly, "writeonly")
            } else {
                (mem.readonly, "readonly")
            };
            if bad {
                let s = self.espan(c.args[0]);
                let msg = format!(
                    "`{}` cannot {} the tensor `{}`: it is `{q}` (the argument cannot drop that memory qualifier)",
                    c.name,
                    if read { "read" } else { "write" },
                    self.name(self.m.var(v).name)
                );
                self.call_error(c, s, msg);
            }
        }
        let Some((elem, rank)) = t else {
            return Some(ids::VOID);
        };
        let tn = self.ty_name(self.ety(c.args[0]));
        // Coordinates: one unsigned integer per dimension.
        let ct = self.ety(c.args[1]);
        let coords_ok = match *self.m.types.get(ct) {
            Type::Array {
                elem: e,
                size: ArraySize::Fixed(n),
            } => n == rank && matches!(self.m.types.get(e), Type::Scalar(s) if s.is_int()),
            Type::Error => true,
            _ => false,
        };
        if !coords_ok {
            let s = self.espan(c.args[1]);
            let msg = format!(
                "the number of coordinates of `{}` must match the tensor rank: `{tn}` needs a `uint[{rank}]`, found `{}`",
                c.name,
                self.ty_name(ct)
            );
            self.call_error(c, s, msg);
        }
        // Data: the component type, or an array of it.
        let dt = self.ety(c.args[2]);
        let data_ok = dt == elem
            || matches!(self.m.types.get(dt), Type::Array { elem: e, .. } if *e == elem)
            || self.m.types.is_error(dt);
        if !data_ok {
            let s = self.espan(c.args[2]);
            let msg = format!(
                "the data argument of `{}` must be `{}` or an array of it (the component type of `{tn}`), found `{}`",
                c.name,
                self.ty_name(elem),
                self.ty_name(dt)
            );
            self.call_error(c, s, msg);
        }
        if read {
            self.arg_out(c, 2, "the data argument");
        }
        // Tensor operands.
        if c.args.len() >= 4 {
            let o = c.args[3];
            let ot = self.ety(o);
            let v = match (self.m.types.as_scalar(ot), self.const_value(o)) {
                (Some(s), Some(v)) if s.is_int() => v.to_i64(),
                _ => None,
            };
            let s = self.espan(o);
            match v {
                None => {
                    let msg = format!(
                        "the tensor operands of `{}` must be a constant integer expression",
                        c.name
                    );
                    self.call_error(c, s, msg);
                }
                Some(bits) if bits & 2 != 0 => {
                    if !read {
                        let msg = "the out-of-bounds value operand (`gl_TensorOperandsOutOfBoundsValueARM`) is valid only with `tensorReadARM`".to_string();
                        self.call_error(c, s, msg);
                    } else if let Some(&x) = c.args.get(4) {
                        let xt = self.ety(x);
                        let xs = self.espan(x);
                        if self.const_value(x).is_none() {
                            let msg = "the argument following `gl_TensorOperandsOutOfBoundsValueARM` (the out-of-bounds value) must be a constant expression".to_string();
                            self.call_error(c, xs, msg);
                        } else if xt != elem && !self.m.types.is_error(xt) {
                            let msg = format!(
                                "the out-of-bounds value must have the tensor component type `{}`, found `{}`",
                                self.ty_name(elem),
                                self.ty_name(xt)
                            );
                            self.call_error(c, xs, msg);
                        }
                    } else {
                        let msg = "`gl_TensorOperandsOutOfBoundsValueARM` expects the out-of-bounds value as the next argument".to_string();
                        self.call_error(c, s, msg);
                    }
                }
                Some(_) => {
                    if let Some(&x) = c.args.get(4) {
                        let xs = self.espan(x);
                        let msg = format!(
                            "`{}` takes a fifth argument only with `gl_TensorOperandsOutOfBoundsValueARM` in the operands",
                            c.name
                        );
                        self.call_error(c, xs, msg);
                    }
                }
            }
        }
        Some(ids::VOID)
    }

    // ---- component-wise built-ins on cooperative and long vectors ----

    /// A call of a component-wise built-in function with cooperative or long vector
    /// arguments. `cands` are the available overloads. Each parameter of vector type takes a
    /// vector argument of the same component type; all of them must have the same length; a
    /// scalar parameter of the component type takes exactly that type, other scalar
    /// parameters convert as usual.
    pub(crate) fn vector_builtin_call(
        &mut self,
        text: &str,
        nspan: Span,
        cands: &[u32],
        args: Vec<ExprId>,
        span: Span,
    ) -> ExprId {
        let arg_types: Vec<TypeId> = args.iter().map(|a| self.ety(*a)).collect();
        let vecs: Vec<VecLike> = arg_types.iter().filter_map(|t| self.vec_like(*t)).collect();
        let coop = vecs.iter().any(|v| v.coop);
        let shown: Vec<String> = arg_types
            .iter()
            .map(|t| format!("`{}`", self.ty_name(*t)))
            .collect();
        if coop && !COOPVEC_FUNCTIONS.contains(&text) {
            self.error(
                "no-matching-overload",
                nspan,
                format!(
                    "`{text}` does not take cooperative vectors (only {} do), found ({})",
                    COOPVEC_FUNCTIONS.join(", "),
                    shown.join(", ")
                ),
            );
            return self.error_expr(span);
        }
        let subgroup = text.starts_with("subgroup");
        // Exact component types first; then the integer functions at other integer widths
        // (glslang's long vector built-ins are generic over the integer width:
        // `uaddCarry` on `vector<uint16_t, N>`, `bitCount` giving `vector<int16_t, N>`).
        let width = vecs
            .iter()
            .find_map(|v| {
                self.m
                    .types
                    .as_scalar(v.elem)
                    .filter(|s| s.is_int() && s.bits() != 32)
            })
            .map(|s| s.bits());
        let mut found: Option<(u32, VecLike, Option<u32>)> = None;
        for map in [None, width] {
            for &idx in cands {
                let sig = &builtins::SIGNATURES[idx as usize];
                if let Some(sh) = self.match_vector_sig(sig, &arg_types, map, subgroup) {
                    found = Some((idx, sh, map));
                    break;
                }
            }
            if found.is_some() || width.is_none() {
                break;
            }
        }
        let Some((idx, shape, map)) = found else {
            self.error(
                "no-matching-overload",
                nspan,
                format!(
                    "no overload of `{text}` takes ({}): the vector arguments of a component-wise built-in must all have the same component type and length, and scalar arguments of the component type must have exactly that type",
                    shown.join(", ")
                ),
            );
            return self.error_expr(span);
        };
        let sig = &builtins::SIGNATURES[idx as usize];
        // Convert scalar inputs; check outputs.
        let mut conv = Vec::with_capacity(args.len());
        for (i, (p, a)) in sig.params.iter().zip(&args).enumerate() {
            match p.qual {
                ParamQual::In => {
                    if let (BType::Scalar(s), Some(_)) =
                        (p.ty, self.m.types.as_scalar(self.ety(*a)))
                    {
                        let t = self.m.types.scalar(remap(s, map));
                        conv.push(self.convert(*a, t));
                    } else {
                        conv.push(*a);
                    }
                }
                ParamQual::Out | ParamQual::InOut => {
                    self.check_lvalue(
                        *a,
                        &format!("argument {} of `{text}` is an `out` parameter", i + 1),
                    );
                    conv.push(*a);
                }
            }
        }
        self.check_builtin_call(sig, &conv, nspan);
        let ret = match sig.ret {
            BType::Vector(s, 2) => {
                let elem = self.m.types.scalar(remap(s, map));
                let e = if shape.coop {
                    ExtType::CoopVec {
                        elem,
                        len: shape.len,
                    }
                } else {
                    ExtType::LongVector {
                        elem,
                        len: shape.len,
                    }
                };
                self.m.types.intern(Type::Ext(e))
            }
            other => self.m.types.from_btype(other),
        };
        self.add_expr(
            ExprKind::Builtin(
                BuiltinRef {
                    name: sig.name,
                    sig: idx,
                },
                conv,
            ),
            ret,
            span,
        )
    }

    /// Whether a built-in signature accepts these argument types with cooperative or long
    /// vectors in its vector positions (`width`: the 32-bit integer types stand for that
    /// width); gives the vectors' shape.
    fn match_vector_sig(
        &mut self,
        sig: &builtins::Signature,
        arg_types: &[TypeId],
        width: Option<u32>,
        subgroup: bool,
    ) -> Option<VecLike> {
        if sig.params.len() != arg_types.len() {
            return None;
        }
        // The component type the vector parameters share (the generic type).
        let gen = sig.params.iter().find_map(|p| match p.ty {
            BType::Vector(s, 2) => Some(remap(s, width)),
            _ => None,
        })?;
        if width.is_some() && !gen.is_int() {
            return None;
        }
        let mut shape: Option<VecLike> = None;
        for (p, at) in sig.params.iter().zip(arg_types) {
            if p.array != 0 {
                return None;
            }
            match (p.ty, self.vec_like(*at)) {
                (BType::Vector(s, 2), Some(v)) => {
                    if self.m.types.as_scalar(v.elem) != Some(remap(s, width)) {
                        return None;
                    }
                    match shape {
                        None => shape = Some(v),
                        Some(sh) if sh.len == v.len && sh.coop == v.coop => {}
                        Some(_) => return None,
                    }
                }
                (_, Some(_)) | (BType::Vector(_, 2), None) => return None,
                (BType::Scalar(s), None) => {
                    let s = remap(s, width);
                    let a = self.m.types.as_scalar(*at)?;
                    let exact = s == gen && !subgroup;
                    let ok = a == s
                        || (!exact
                            && p.qual == ParamQual::In
                            && self.implicit_conversion(a, s).is_some());
                    if !ok {
                        return None;
                    }
                }
                (other, None) => {
                    let pt = self.m.types.from_btype(other);
                    if pt != *at {
                        return None;
                    }
                }
            }
        }
        shape
    }
}

/// A 32-bit integer type at another width (keeping its signedness); other types unchanged.
fn remap(s: Scalar, width: Option<u32>) -> Scalar {
    let Some(w) = width else { return s };
    match (s, w) {
        (Scalar::I32, 8) => Scalar::I8,
        (Scalar::I32, 16) => Scalar::I16,
        (Scalar::I32, 64) => Scalar::I64,
        (Scalar::U32, 8) => Scalar::U8,
        (Scalar::U32, 16) => Scalar::U16,
        (Scalar::U32, 64) => Scalar::U64,
        _ => s,
    }
}

/// A built-in call being checked.
struct Call<'c> {
    name: &'static str,
    nspan: Span,
    args: &'c [ExprId],
    /// No error was reported.
    ok: bool,
}

fn flatten(c: &ConstValue, out: &mut Vec<ConstValue>) {
    match c {
        ConstValue::Composite(v) => {
            for x in v {
                flatten(x, out);
            }
        }
        s => out.push(s.clone()),
    }
}
