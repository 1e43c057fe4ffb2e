//! Calls and constructors: overload resolution over user functions and built-ins, with the
//! implicit-conversion ranking of GLSL 4.00, and every form of constructor.

use fresnel_syntax::ast::{self, Callee};
use fresnel_syntax::diag::Diagnostic;
use fresnel_syntax::extensions::{Behavior, Ext};
use fresnel_syntax::intern::Symbol;
use fresnel_syntax::source::Span;
use smallvec::SmallVec;

use super::expr::ConvRank;
use super::{Binding, Checker};
use crate::builtin_types::{parse_type_name, BType, OpaqueKind, Scalar};
use crate::builtins::{self, flags, ParamQual, Signature};
use crate::constant::ConstValue;
use crate::hir::*;
use crate::types::{ids, ArraySize, Type, TypeId};

/// A candidate overload.
#[derive(Clone)]
pub(crate) enum Candidate {
    User(FuncId),
    Builtin(u32),
}

/// What a called name's text is, as far as calls need to know: a built-in type name, and the
/// range of its built-in overloads in [`builtins::SIGNATURES`].
#[derive(Copy, Clone, Debug)]
pub(crate) struct CallName {
    type_name: bool,
    /// An extension type name the checker parameterizes or keeps opaque (`coopmat`,
    /// `floate2m1_t`): a constructor when no function has the name.
    ext_type_name: bool,
    /// A built-in of the cooperative matrix, vector or tensor extensions
    /// ([`Checker::ext_builtin_call`]).
    ext_builtin: bool,
    /// A `subgroup*` name.
    subgroup: bool,
    overloads: (u32, u32),
    /// Some overload has an array parameter.
    array_params: bool,
}

/// Built-ins with argument rules the table cannot express, and the extensions that define
/// them: checked loosely (any arguments).
/// The name a call of a loosely checked built-in records in the HIR: its own for those the
/// lowering handles, `loose` for the rest.
fn loose_builtin_name(name: &str) -> &'static str {
    match name {
        "rayQueryGetIntersectionTriangleVertexPositionsEXT" => {
            "rayQueryGetIntersectionTriangleVertexPositionsEXT"
        }
        "hitObjectGetIntersectionTriangleVertexPositionsEXT" => {
            "hitObjectGetIntersectionTriangleVertexPositionsEXT"
        }
        "rayQueryGetIntersectionLSSPositionsNV" => "rayQueryGetIntersectionLSSPositionsNV",
        "rayQueryGetIntersectionLSSRadiiNV" => "rayQueryGetIntersectionLSSRadiiNV",
        "hitObjectGetLSSPositionsNV" => "hitObjectGetLSSPositionsNV",
        "hitObjectGetLSSRadiiNV" => "hitObjectGetLSSRadiiNV",
        "debugPrintfEXT" => "debugPrintfEXT",
        // GL_EXT_abort: named for the lowering's vendor operation.
        "abortEXT" => "abortEXT",
        "assumeEXT" => "assumeEXT",
        "expectEXT" => "expectEXT",
        // QCOM cooperative-matrix conversions (issue 4): named for the lowering's vendor
        // operations.
        "bitcastQCOM" => "bitcastQCOM",
        "extractSubArrayQCOM" => "extractSubArrayQCOM",
        "vectorToCoopmatQCOM" => "vectorToCoopmatQCOM",
        "coopmatToVectorQCOM" => "coopmatToVectorQCOM",
        // The microscaling float built-ins (packing, bit casts): named for the lowering,
        // which types their results from the name (`fresnel_lower::vendor`).
        _ => OCP_BUILTINS
            .iter()
            .find(|n| **n == name)
            .copied()
            .unwrap_or("loose"),
    }
}

/// The built-in functions of GL_EXT_float_e2m1 / e2m3 / e3m2 / ue8m0 / mxint8 that the
/// checker accepts loosely on their opaque types and names in the HIR. The IR's vendor
/// operations (`fresnel_ir::vendor::VENDOR_OPS`) list them too (the two crates share no
/// dependency); a test in `fresnel-lower` holds the second list to this one.
pub const OCP_BUILTINS: &[&str] = &[
    "bitcastExtractfe2m1EXT",
    "bitcastExtractfe2m3EXT",
    "bitcastExtractfe3m2EXT",
    "floatmxint8BitsToIntEXT",
    "floatmxint8BitsToUintEXT",
    "floatue8m0BitsToIntEXT",
    "floatue8m0BitsToUintEXT",
    "intBitsToFloatmxint8EXT",
    "intBitsToFloatue8m0EXT",
    "packFloat16xfe2m1EXT",
    "packFloat16xfe2m3EXT",
    "packFloat16xfe3m2EXT",
    "packFloat2xfe2m1EXT",
    "packFloat4xfe2m1EXT",
    "packFloat4xfe2m3EXT",
    "packFloat4xfe3m2EXT",
    "packFloat8xfe2m1EXT",
    "packFloat8xfe2m3EXT",
    "packFloat8xfe3m2EXT",
    "uintBitsToFloatmxint8EXT",
    "uintBitsToFloatue8m0EXT",
    "unpackFloat16xfe2m1EXT",
    "unpackFloat16xfe2m3EXT",
    "unpackFloat16xfe3m2EXT",
    "unpackFloat2xfe2m1EXT",
    "unpackFloat4xfe2m1EXT",
    "unpackFloat4xfe2m3EXT",
    "unpackFloat4xfe3m2EXT",
    "unpackFloat8xfe2m1EXT",
    "unpackFloat8xfe2m3EXT",
    "unpackFloat8xfe3m2EXT",
];

fn loose_builtin(name: &str) -> Option<&'static [Ext]> {
    Some(match name {
        "debugPrintfEXT" => &[Ext::EXT_debug_printf],
        "abortEXT" => &[Ext::EXT_abort],
        "assumeEXT" | "expectEXT" => &[Ext::EXT_expect_assume],
        "spirv_instruction" => &[Ext::EXT_spirv_intrinsics],
        // The microscaling float extensions' packing and bit-cast functions, on types the
        // checker keeps opaque.
        _ if name.ends_with("EXT") && name.contains("fe2m1") => &[Ext::EXT_float_e2m1],
        _ if name.ends_with("EXT") && name.contains("fe2m3") => &[Ext::EXT_float_e2m3],
        _ if name.ends_with("EXT") && name.contains("fe3m2") => &[Ext::EXT_float_e3m2],
        _ if name.ends_with("EXT") && name.to_ascii_lowercase().contains("mxint8") => {
            &[Ext::EXT_float_mxint8]
        }
        _ if name.ends_with("EXT") && name.to_ascii_lowercase().contains("ue8m0") => {
            &[Ext::EXT_float_ue8m0]
        }
        // Arrays of any length and cooperative-matrix operands.
        "bitcastQCOM" | "extractSubArrayQCOM" | "vectorToCoopmatQCOM" | "coopmatToVectorQCOM" => {
            &[Ext::QCOM_cooperative_matrix_conversion]
        }
        "rayQueryGetIntersectionTriangleVertexPositionsEXT" => {
            &[Ext::EXT_ray_tracing_position_fetch]
        }
        "hitObjectGetIntersectionTriangleVertexPositionsEXT" => {
            &[Ext::EXT_shader_invocation_reorder]
        }
        "rayQueryGetIntersectionLSSPositionsNV"
        | "rayQueryGetIntersectionLSSRadiiNV"
        | "hitObjectGetLSSPositionsNV"
        | "hitObjectGetLSSRadiiNV" => &[Ext::NV_linear_swept_spheres],
        "rgb_2_yuv" | "yuv_2_rgb" => &[Ext::EXT_YUV_target],
        _ => return None,
    })
}

impl Checker<'_> {
    pub(crate) fn call(&mut self, callee: &Callee, args: &[ast::ExprId], span: Span) -> ExprId {
        match callee {
            Callee::Type(ts) => {
                let ts = self.ast().type_spec(*ts);
                // `f[i](...)` parses like an array constructor; with `f` a subroutine uniform
                // array it is a call through an element.
                if let (ast::TypeKind::Named(n), Some(arr)) = (&ts.kind, &ts.array) {
                    if let Some(Binding::Var(v)) = self.lookup(*n) {
                        let vt = self.m.var(v).ty;
                        let inner = self.m.types.innermost(vt);
                        if matches!(self.m.types.get(inner), Type::Subroutine(_)) {
                            self.used_vars.insert(v);
                            let mut callee = self.add_expr(ExprKind::Var(v), vt, ts.span);
                            for d in &arr.dims {
                                let Some(ie) = d else { break };
                                callee = self.index_expr(callee, *ie, ts.span);
                            }
                            let a: Vec<ExprId> = args.iter().map(|x| self.expr(*x)).collect();
                            return self.subroutine_call(callee, a, span);
                        }
                    }
                }
                let t = self.resolve_type(ts);
                let a: Vec<ExprId> = args.iter().map(|x| self.expr(*x)).collect();
                self.construct(t, a, span, ts.span)
            }
            Callee::Name(name, nspan) => {
                match self.lookup(*name) {
                    Some(Binding::Type(t, _)) => {
                        let t = if self.builtin_type_avail.is_empty() {
                            t
                        } else {
                            self.check_builtin_type_use(t, *nspan)
                        };
                        let a: Vec<ExprId> = args.iter().map(|x| self.expr(*x)).collect();
                        return self.construct(t, a, span, *nspan);
                    }
                    Some(Binding::Var(_))
                        if self.separate_function_namespace() && self.funcs.contains_key(name) => {}
                    Some(Binding::Var(v))
                        if matches!(self.m.types.get(self.m.var(v).ty), Type::Subroutine(_)) =>
                    {
                        self.used_vars.insert(v);
                        let vt = self.m.var(v).ty;
                        let callee = self.add_expr(ExprKind::Var(v), vt, *nspan);
                        let a: Vec<ExprId> = args.iter().map(|x| self.expr(*x)).collect();
                        return self.subroutine_call(callee, a, span);
                    }
                    Some(Binding::Var(v)) => {
                        let var_name = self.name(self.m.var(v).name).to_string();
                        self.error(
                            "not-a-function",
                            *nspan,
                            format!("`{var_name}` is a variable, not a function (a variable hides functions of the same name)"),
                        );
                        return self.error_expr(span);
                    }
                    _ => {}
                }
                // The name's text, in a buffer the checker keeps (performance: no allocation
                // per call).
                let mut text = std::mem::take(&mut self.name_buf);
                text.clear();
                text.push_str(self.name(*name));
                let r = self.named_call(*name, &text, *nspan, args, span);
                self.name_buf = text;
                r
            }
        }
    }

    /// A call of a name that is not a variable or struct in scope: a function, a type
    /// spelled as an identifier, or `nonuniformEXT`.
    fn named_call(
        &mut self,
        name: Symbol,
        text: &str,
        nspan: Span,
        args: &[ast::ExprId],
        span: Span,
    ) -> ExprId {
        let (name, nspan) = (&name, &nspan);
        {
            {
                // `nonuniformEXT(i)`: the qualifier used on an expression; its value is its
                // argument.
                if text == "nonuniformEXT"
                    && (self.ext_on(Ext::EXT_nonuniform_qualifier) || self.builtin_mode)
                {
                    let a: Vec<ExprId> = args.iter().map(|x| self.expr(*x)).collect();
                    if a.len() == 1 {
                        // (Recorded for the lowering: the value is marked non-uniform.)
                        self.m.nonuniform_exprs.insert(a[0]);
                        return a[0];
                    }
                    self.error(
                        "constructor-arguments",
                        span,
                        "`nonuniformEXT` takes one argument",
                    );
                    return self.error_expr(span);
                }
                // A type name that is not a keyword (`float16_t(x)`, `int64_t(x)`), unless a
                // function of that name exists here (`texture2D(s, uv)` in OpenGL is the
                // legacy lookup, in Vulkan it could also be the type).
                // What the name is, looked up once and carried to the resolution
                // (performance: one hash lookup per call, no name compared per call).
                let cn = self.call_name(*name, text);
                if cn.type_name && !self.user_or_builtin_function_exists(*name, text) {
                    let t = self.resolve_type_name(*name, *nspan);
                    let a: Vec<ExprId> = args.iter().map(|x| self.expr(*x)).collect();
                    return self.construct(t, a, span, *nspan);
                }
                // `floate2m1_t(x)` and the other extension types the checker keeps opaque
                // (the name is tested first: `ext_opaque_type` does nothing for other names;
                // performance: no function lookup by name on every call).
                if cn.ext_type_name && !self.user_or_builtin_function_exists(*name, text) {
                    if let Some(t) = self.ext_opaque_type(text, *name, *nspan) {
                        let a: Vec<ExprId> = args.iter().map(|x| self.expr(*x)).collect();
                        return self.construct(t, a, span, *nspan);
                    }
                }
                let a: Vec<ExprId> = args.iter().map(|x| self.expr(*x)).collect();
                self.function_call(*name, cn, text, *nspan, a, span)
            }
        }
    }

    /// Subgroup operations on 8-, 16- and 64-bit types need
    /// GL_EXT_shader_subgroup_extended_types_*.
    fn check_subgroup_extended_types(&mut self, name: &str, args: &[ExprId]) {
        for a in args {
            let Some(sc) = self.m.types.scalar_of(self.ety(*a)) else {
                continue;
            };
            let ext = match sc {
                Scalar::I8 | Scalar::U8 => Ext::EXT_shader_subgroup_extended_types_int8,
                Scalar::I16 | Scalar::U16 => Ext::EXT_shader_subgroup_extended_types_int16,
                Scalar::I64 | Scalar::U64 => Ext::EXT_shader_subgroup_extended_types_int64,
                Scalar::F16 => Ext::EXT_shader_subgroup_extended_types_float16,
                _ => continue,
            };
            // Enabled without `warn`: `require` would report nothing (performance: the
            // description below is only formatted when it may be shown).
            if self.ext_on(ext) && self.exts.get(ext) != Behavior::Warn {
                continue;
            }
            let s = self.espan(*a);
            let what = format!("`{name}` on `{}`", self.ty_name(self.ety(*a)));
            self.require(s, &what, 0, 0, &[ext]);
        }
    }

    /// A call through a subroutine uniform: the arguments must match the subroutine type's
    /// parameters exactly (no implicit conversions are named for subroutine calls).
    fn subroutine_call(&mut self, callee: ExprId, args: Vec<ExprId>, span: Span) -> ExprId {
        let ct = self.ety(callee);
        let Type::Subroutine(tname) = *self.m.types.get(ct) else {
            if !self.m.types.is_error(ct) {
                let s = self.espan(callee);
                self.error(
                    "subroutine-call",
                    s,
                    "only a single subroutine uniform can be called; index the array",
                );
            }
            return self.error_expr(span);
        };
        let Some(&tf) = self.subroutine_types.get(&tname) else {
            return self.error_expr(span);
        };
        let f = self.m.function(tf).clone();
        let params: Vec<(TypeId, Storage)> = f
            .params
            .iter()
            .map(|v| (self.m.var(*v).ty, self.m.var(*v).storage))
            .collect();
        let text = self.name(tname).to_string();
        if params.len() != args.len() {
            self.error(
                "subroutine-call",
                span,
                format!(
                    "subroutine type `{text}` takes {} arguments, {} given",
                    params.len(),
                    args.len()
                ),
            );
            return self.error_expr(span);
        }
        let mut conv = Vec::with_capacity(args.len());
        for (i, (a, (pt, st))) in args.iter().zip(&params).enumerate() {
            match st {
                Storage::Param(ParamDir::Out | ParamDir::InOut) => {
                    if self.ety(*a) != *pt && !self.m.types.is_error(self.ety(*a)) {
                        let s = self.espan(*a);
                        self.error(
                            "subroutine-call",
                            s,
                            format!(
                                "argument {} of `{text}` must be `{}`",
                                i + 1,
                                self.ty_name(*pt)
                            ),
                        );
                    }
                    self.check_lvalue(
                        *a,
                        &format!("argument {} of `{text}` is an `out` parameter", i + 1),
                    );
                    conv.push(*a);
                }
                _ => conv.push(self.coerce(*a, *pt, &format!("argument {} of `{text}`", i + 1))),
            }
        }
        self.add_expr(ExprKind::SubroutineCall(callee, conv), f.ret, span)
    }

    /// What the text of the called name `name` is (looked up once per name).
    fn call_name(&mut self, name: Symbol, text: &str) -> CallName {
        *self.call_names.entry(name).or_insert_with(|| {
            let r = builtins::overload_indices(text);
            let sigs = &builtins::SIGNATURES[r.start as usize..r.end as usize];
            CallName {
                type_name: parse_type_name(text).is_some(),
                ext_type_name: super::ext_types::is_parameterized_type_name(text)
                    || super::ext_opaque_exts(text).is_some(),
                ext_builtin: super::ext_types::is_ext_builtin(text),
                subgroup: text.starts_with("subgroup"),
                overloads: (r.start, r.end),
                array_params: sigs.iter().any(|s| s.params.iter().any(|p| p.array != 0)),
            }
        })
    }

    /// Whether a user function or an available built-in function has this name.
    fn user_or_builtin_function_exists(&self, name: Symbol, text: &str) -> bool {
        if self.funcs.contains_key(&name) {
            return true;
        }
        if self.hidden_builtins.contains(&name) {
            return false;
        }
        let cx = builtins::Context {
            vulkan: self.vulkan() && !self.relaxed_atomic_counter_builtin(text),
            ..self.builtin_context()
        };
        builtins::overloads(text)
            .iter()
            .any(|s| s.availability().allows(&cx))
    }

    fn function_call(
        &mut self,
        name: Symbol,
        cn: CallName,
        text: &str,
        nspan: Span,
        args: Vec<ExprId>,
        span: Span,
    ) -> ExprId {
        // The candidate list, in a buffer the checker keeps (performance: no allocation per
        // call).
        let mut cands = std::mem::take(&mut self.cand_buf);
        cands.clear();
        let r = self.resolve_call(name, cn, text, nspan, args, span, &mut cands);
        self.cand_buf = cands;
        r
    }

    /// Overload resolution of a call of `name`; `cands` is an empty buffer.
    #[allow(clippy::too_many_arguments)]
    fn resolve_call(
        &mut self,
        name: Symbol,
        cn: CallName,
        text: &str,
        nspan: Span,
        args: Vec<ExprId>,
        span: Span,
        cands: &mut Vec<Candidate>,
    ) -> ExprId {
        if args.iter().any(|a| self.m.types.is_error(self.ety(*a))) {
            return self.error_expr(span);
        }
        let mut implicit = false;
        for a in &args {
            implicit |= self.reject_implicit_array(*a, "it can be passed to a function");
        }
        // The user functions of the name, looked up once (performance: nothing below declares
        // a function): `None` without an entry.
        let user_count = self.funcs.get(&name).map(Vec::len);
        if cn.subgroup && user_count.is_none() {
            self.check_subgroup_extended_types(text, &args);
            // Subgroup operations are SPIR-V 1.3: Vulkan 1.1.
            if let fresnel_syntax::version::TargetEnv::Vulkan { minor: 0 } = self.opts.target {
                if builtins::is_builtin_function(text) {
                    self.error(
                        "target-env",
                        nspan,
                        format!("`{text}` needs SPIR-V 1.3 (Vulkan 1.1 or later); the target is Vulkan 1.0"),
                    );
                }
            }
        }
        if implicit {
            return self.error_expr(span);
        }
        // The built-ins of the cooperative matrix, cooperative vector and tensor extensions.
        if cn.ext_builtin && user_count.is_none() {
            if let Some(r) = self.ext_builtin_call(text, nspan, &args, span) {
                return r;
            }
        }
        let builtin_hidden =
            !self.hidden_builtins.is_empty() && self.hidden_builtins.contains(&name);
        let (overloads, array_params) = if builtin_hidden {
            (0..0, false)
        } else {
            (cn.overloads.0..cn.overloads.1, cn.array_params)
        };
        // An exact built-in match, when no user function has the name, is the candidate the
        // ranking below chooses (performance: the subgroup functions have dozens of overloads
        // each; no candidate list).
        if user_count.is_none_or(|n| n == 0) {
            if let Some(idx) = self.exact_builtin(overloads.clone(), array_params, &args) {
                return self.call_candidate(Candidate::Builtin(idx), args, text, nspan, span);
            }
        }
        let users = self.funcs.get(&name).map_or(&[][..], |v| &v[..]);
        // Sized once (performance: `texture` has hundreds of overloads).
        cands.reserve(users.len() + overloads.len());
        cands.extend(users.iter().map(|f| Candidate::User(*f)));
        let mut unavailable_builtin = false;
        for idx in overloads {
            if self.builtin_allowed(&builtins::SIGNATURES[idx as usize]) {
                cands.push(Candidate::Builtin(idx));
            } else {
                unavailable_builtin = true;
            }
        }
        if cands.is_empty() {
            if let Some(exts) = loose_builtin(text) {
                let core = exts.is_empty() && self.at_least(400, 310);
                if self.any_ext(exts) || self.builtin_mode || core {
                    return self.add_expr(
                        ExprKind::Builtin(
                            BuiltinRef {
                                name: loose_builtin_name(text),
                                sig: u32::MAX,
                            },
                            args,
                        ),
                        ids::ERROR,
                        span,
                    );
                }
                let names: Vec<&str> = exts.iter().map(|e| e.name()).collect();
                self.error(
                    "feature-unavailable",
                    nspan,
                    format!("`{text}` needs {}", names.join(" or ")),
                );
                return self.error_expr(span);
            }
            if unavailable_builtin {
                self.unavailable_builtin(text, nspan, &args);
            } else {
                self.error(
                    "undeclared-function",
                    nspan,
                    format!("no function named `{text}` is declared"),
                );
            }
            return self.error_expr(span);
        }
        // Component-wise built-ins applied to cooperative and long vectors.
        if args.iter().any(|a| self.is_vector_like(self.ety(*a)))
            && cands.iter().all(|c| matches!(c, Candidate::Builtin(_)))
        {
            let idxs: Vec<u32> = cands
                .iter()
                .filter_map(|c| match c {
                    Candidate::Builtin(i) => Some(*i),
                    Candidate::User(_) => None,
                })
                .collect();
            return self.vector_builtin_call(text, nspan, &idxs, args, span);
        }
        // Built-ins applied to extension types the checker keeps opaque (the microscaling
        // floats): accepted componentwise when an overload of that arity exists.
        if let Some(ext_arg) = args
            .iter()
            .copied()
            .find(|a| self.is_ext_opaque(self.ety(*a)))
        {
            let sig = cands.iter().find_map(|c| match c {
                Candidate::Builtin(idx)
                    if builtins::SIGNATURES[*idx as usize].params.len() == args.len() =>
                {
                    Some(&builtins::SIGNATURES[*idx as usize])
                }
                _ => None,
            });
            if let Some(sig) = sig {
                let ret = match sig.ret {
                    BType::Scalar(Scalar::Bool) => ids::BOOL,
                    BType::Void => ids::VOID,
                    _ => self.ety(ext_arg),
                };
                let r = BuiltinRef {
                    name: sig.name,
                    sig: u32::MAX,
                };
                return self.add_expr(ExprKind::Builtin(r, args), ret, span);
            }
        }
        // Rank every candidate.
        // Small vectors: most calls have a few arguments (performance: no allocation).
        let arg_types: SmallVec<[TypeId; 4]> = args.iter().map(|a| self.ety(*a)).collect();
        // The built-in type of each argument, to match built-in parameters without interning
        // their types (performance: most parameters of most candidates are an exact match or
        // cannot match at all).
        let arg_btypes: SmallVec<[Option<BType>; 4]> = arg_types
            .iter()
            .map(|t| self.m.types.to_btype(*t))
            .collect();
        let mut viable: SmallVec<[(Candidate, SmallVec<[ConvRank; 4]>); 4]> = SmallVec::new();
        // The ranks of the candidate being tried, reused across candidates (performance).
        let mut ranks: SmallVec<[ConvRank; 4]> = SmallVec::with_capacity(args.len());
        for c in cands.iter() {
            // Built-in candidates (hundreds for the texture functions) are ranked parameter by
            // parameter, interning each parameter type only when the previous ones matched
            // (performance: building every candidate's parameter list dominated `check` on
            // texture-heavy shaders).
            let sig_params = match c {
                Candidate::Builtin(i) => Some(builtins::SIGNATURES[*i as usize].params),
                Candidate::User(_) => None,
            };
            let params = match sig_params {
                Some(p) if p.len() != args.len() => continue,
                Some(_) => SmallVec::new(),
                None => self.candidate_params(c),
            };
            if sig_params.is_none() && params.len() != args.len() {
                continue;
            }
            ranks.clear();
            let mut ok = true;
            for (k, at) in arg_types.iter().enumerate() {
                let (pt, dir) = match sig_params {
                    Some(sp) => {
                        let p = &sp[k];
                        if let (0, Some(ab)) = (p.array, arg_btypes[k]) {
                            // Ranked on the built-in types, as `param_conversion` would rank
                            // the interned ones (neither is an array or the error type).
                            let r = match p.qual {
                                ParamQual::In => self.btype_conversion(ab, p.ty),
                                ParamQual::Out => self.btype_conversion(p.ty, ab),
                                ParamQual::InOut => {
                                    if ab == p.ty {
                                        Some(ConvRank::Exact)
                                    } else {
                                        self.btype_conversion(ab, p.ty)
                                            .and(self.btype_conversion(p.ty, ab))
                                    }
                                }
                            };
                            match r {
                                Some(r) => {
                                    ranks.push(r);
                                    continue;
                                }
                                None => {
                                    ok = false;
                                    break;
                                }
                            }
                        }
                        let mut t = self.m.types.from_btype(p.ty);
                        if p.array != 0 {
                            t = self.m.types.array(t, ArraySize::Fixed(u32::from(p.array)));
                        }
                        (t, p.qual)
                    }
                    None => params[k],
                };
                let at = *at;
                let r = match dir {
                    ParamQual::In => self.param_conversion(at, pt),
                    ParamQual::Out => self.param_conversion(pt, at),
                    ParamQual::InOut => {
                        if pt == at {
                            Some(ConvRank::Exact)
                        } else {
                            self.param_conversion(at, pt)
                                .and(self.param_conversion(pt, at))
                        }
                    }
                };
                match r {
                    Some(r) => ranks.push(r),
                    None => {
                        ok = false;
                        break;
                    }
                }
            }
            if ok {
                viable.push((c.clone(), ranks.clone()));
                // The first exact match is the one chosen below: the candidates after it
                // cannot change the result (performance: no ranking of the rest).
                if ranks.iter().all(|x| *x == ConvRank::Exact) {
                    break;
                }
            }
        }
        if viable.is_empty() {
            let shown: Vec<String> = arg_types.iter().map(|t| self.ty_name(*t)).collect();
            let mut d = Diagnostic::error(
                "no-matching-overload",
                nspan,
                format!("no overload of `{text}` takes ({})", shown.join(", ")),
            );
            for (listed, c) in cands.iter().enumerate() {
                if listed == 6 {
                    d = d.with_note(format!("... and {} more", cands.len() - listed));
                    break;
                }
                d = d.with_note(format!("candidate: {}", self.candidate_signature(c, text)));
            }
            self.diags.push(d);
            return self.error_expr(span);
        }
        // Exact matches first; then the best by GLSL 4.00's ranking.
        let best = if let Some(exact) = viable
            .iter()
            .find(|(_, r)| r.iter().all(|x| *x == ConvRank::Exact))
        {
            exact.clone()
        } else {
            // Before GLSL 4.00 (and ARB_gpu_shader5), conversions are not ranked: a call that
            // several overloads accept only through conversions is ambiguous.
            let ranked = self.at_least(400, 0)
                || self.is_es()
                || self.any_ext(&[
                    Ext::ARB_gpu_shader5,
                    Ext::ARB_gpu_shader_fp64,
                    Ext::MESA_shader_integer_functions,
                ]);
            let mut best: Vec<&(Candidate, SmallVec<[ConvRank; 4]>)> = Vec::new();
            if !ranked && viable.len() > 1 {
                // Fall through with no best candidate.
            } else {
                for v in &viable {
                    let better_than_all = viable.iter().all(|w| {
                        std::ptr::eq(v, w) || {
                            let some_better = v.1.iter().zip(&w.1).any(|(a, b)| a.better_than(*b));
                            let none_worse = v.1.iter().zip(&w.1).all(|(a, b)| !b.better_than(*a));
                            some_better && none_worse
                        }
                    });
                    if better_than_all {
                        best.push(v);
                    }
                }
            }
            if best.len() != 1 {
                let mut d = Diagnostic::error(
                    "ambiguous-call",
                    nspan,
                    format!("the call to `{text}` is ambiguous"),
                );
                for (c, _) in viable.iter().take(6) {
                    d = d.with_note(format!("candidate: {}", self.candidate_signature(c, text)));
                }
                self.diags.push(d);
                return self.error_expr(span);
            }
            best[0].clone()
        };
        let (cand, _) = best;
        self.call_candidate(cand, args, text, nspan, span)
    }

    /// The first available built-in overload in `overloads` whose parameters are exactly the
    /// argument types, compared as built-in types, as the ranking in `resolve_call` would
    /// choose it. `None` when there is none or when the ranking must decide: an argument
    /// without a built-in type (or one of the types with rules of their own: long and
    /// cooperative vectors, opaque extension types), or an available overload of the right
    /// arity with an array parameter before the match (ranked on interned types).
    /// `array_params`: some overload has an array parameter.
    fn exact_builtin(
        &mut self,
        overloads: std::ops::Range<u32>,
        array_params: bool,
        args: &[ExprId],
    ) -> Option<u32> {
        let mut arg_btypes: SmallVec<[BType; 4]> = SmallVec::new();
        for a in args {
            let t = self.ety(*a);
            if self.is_vector_like(t) || self.is_ext_opaque(t) {
                return None;
            }
            arg_btypes.push(self.m.types.to_btype(t)?);
        }
        if !array_params {
            // Without array parameters, only the availability of a match matters: the
            // overloads are filtered on the digest of their parameter types, the types
            // compared only where it is equal (performance: the subgroup functions have
            // dozens of overloads each; one word compared per overload).
            let key = crate::builtin_types::params_key(arg_btypes.iter().copied());
            let keys = &builtins::SIG_KEYS[overloads.start as usize..overloads.end as usize];
            // A plain slice scan for the equal words (performance: tighter than zipping with
            // the index range).
            for (j, _) in keys.iter().enumerate().filter(|(_, k)| **k == key) {
                let idx = overloads.start + j as u32;
                let sig = &builtins::SIGNATURES[idx as usize];
                if sig.params.len() == args.len()
                    && sig.params.iter().zip(&arg_btypes).all(|(p, a)| p.ty == *a)
                    && self.builtin_allowed(sig)
                {
                    return Some(idx);
                }
            }
            return None;
        }
        for idx in overloads {
            let sig = &builtins::SIGNATURES[idx as usize];
            if sig.params.len() != args.len() {
                continue;
            }
            if !self.builtin_allowed(sig) {
                continue;
            }
            if sig.params.iter().any(|p| p.array != 0) {
                return None;
            }
            if sig.params.iter().zip(&arg_btypes).all(|(p, a)| p.ty == *a) {
                return Some(idx);
            }
        }
        None
    }

    /// The call of the chosen candidate: arguments converted to its parameter types.
    fn call_candidate(
        &mut self,
        cand: Candidate,
        args: Vec<ExprId>,
        text: &str,
        nspan: Span,
        span: Span,
    ) -> ExprId {
        let params = self.candidate_params(&cand);
        // Convert inputs; check outputs are l-values.
        // In place (performance: no second vector per call); the arity matched.
        let mut conv_args = args;
        for (i, (a, (pt, dir))) in conv_args.iter_mut().zip(&params).enumerate() {
            match dir {
                ParamQual::In => *a = self.convert(*a, *pt),
                ParamQual::Out => {
                    self.check_lvalue(
                        *a,
                        &format!("argument {} of `{text}` is an `out` parameter", i + 1),
                    );
                }
                ParamQual::InOut => {
                    self.check_lvalue_read_write(
                        *a,
                        &format!("argument {} of `{text}` is an `out` parameter", i + 1),
                    );
                }
            }
        }
        match cand {
            Candidate::User(fid) => {
                if self.func.as_ref().is_some_and(|f| f.id == fid) {
                    // Direct recursion: an error at link time in GLSL; reported now.
                    self.error(
                        "recursion",
                        nspan,
                        format!("`{text}` calls itself; GLSL does not allow recursion"),
                    );
                }
                let ret = self.m.function(fid).ret;
                self.add_expr(ExprKind::Call(fid, conv_args), ret, span)
            }
            Candidate::Builtin(idx) => {
                let sig = &builtins::SIGNATURES[idx as usize];
                self.check_builtin_call(sig, &conv_args, nspan);
                self.note_builtin_call(sig.name, nspan);
                let ret = self.m.types.from_btype(sig.ret);
                // Fold when every argument is constant and the function is pure.
                let consts: Option<Vec<ConstValue>> =
                    conv_args.iter().map(|a| self.const_value(*a)).collect();
                if let Some(cs) = consts {
                    if let Some(v) = crate::fold::fold_builtin(sig.name, &cs, &self.m.types, ret) {
                        let id = self.add_expr(ExprKind::Const(v), ret, span);
                        let unfolded = ExprKind::Builtin(
                            BuiltinRef {
                                name: sig.name,
                                sig: idx,
                            },
                            conv_args.clone(),
                        );
                        return self.keep_spec(id, unfolded);
                    }
                }
                let p = conv_args
                    .iter()
                    .filter_map(|a| self.m.expr(*a).precision)
                    .max();
                let id = self.add_expr(
                    ExprKind::Builtin(
                        BuiltinRef {
                            name: sig.name,
                            sig: idx,
                        },
                        conv_args,
                    ),
                    ret,
                    span,
                );
                self.m.exprs[id.index()].precision = p;
                id
            }
        }
    }

    /// Rules a built-in's parameter flags state: constant arguments.
    pub(crate) fn check_builtin_call(&mut self, sig: &Signature, args: &[ExprId], nspan: Span) {
        for (i, (p, a)) in sig.params.iter().zip(args).enumerate() {
            if p.flags & flags::CONST != 0 && self.const_value(*a).is_none() {
                // Texel offsets may be dynamic with GL_EXT_texture_offset_non_const, and in
                // textureGatherOffset with gpu_shader5.
                // GL_NV_gpu_shader5 allows non-constant offsets in every texture lookup.
                let relaxed = self.ext_on(Ext::EXT_texture_offset_non_const)
                    || (self.ext_on(Ext::NV_gpu_shader5) && sig.name.contains("Offset"));
                if !relaxed {
                    let s = self.espan(*a);
                    self.error(
                        "constant-argument",
                        s,
                        format!(
                            "argument {} of `{}` must be a constant expression",
                            i + 1,
                            sig.name
                        ),
                    );
                }
            }
        }
        self.validate_builtin_call(sig.name, args, nspan);
    }

    /// Explains why a built-in function is not available here.
    fn unavailable_builtin(&mut self, name: &str, nspan: Span, args: &[ExprId]) {
        let _ = args;
        let sigs = builtins::overloads(name);
        let mut exts: Vec<&str> = Vec::new();
        let mut stages = 0u16;
        let mut versions: Vec<String> = Vec::new();
        for s in sigs {
            let a = s.availability();
            stages |= a.stages;
            // What the overloads of other stages need is no help here.
            if self
                .stage
                .is_some_and(|st| a.stages & (1 << st as u16) == 0)
            {
                continue;
            }
            // An overload its extension makes available once another is enabled too
            // (`requires`): that other one, when the first is on.
            let missing_requirement = a.by_extension(&self.exts).is_some()
                && !a.requires.is_empty()
                && !a
                    .requires
                    .iter()
                    .filter_map(|n| Ext::from_name(n))
                    .any(|e| self.exts.is_on(e));
            let wanted = if missing_requirement {
                a.requires
            } else {
                a.exts
            };
            for e in wanted {
                if !exts.contains(e) {
                    exts.push(e);
                }
            }
            if self.is_es() {
                if let Some((lo, _)) = a.es {
                    versions.push(format!("GLSL ES {lo}"));
                }
            } else if let Some((lo, _)) = a.gl {
                versions.push(format!("GLSL {lo}"));
            }
        }
        let in_stage = self.stage.is_none_or(|st| stages & (1 << st as u16) != 0);
        // Every overload excluded by the target alone (atomic counters, which
        // GL_KHR_vulkan_glsl removes; `subpassLoad`, which only Vulkan has).
        let vulkan = self.vulkan() && !self.relaxed_atomic_counter_builtin(name);
        let target_only = !sigs.is_empty()
            && sigs
                .iter()
                .all(|s| s.availability().vulkan.is_some_and(|v| v != vulkan));
        let msg = if target_only {
            if self.vulkan() {
                format!(
                    "the built-in function `{name}` is not available when compiling for Vulkan (GL_KHR_vulkan_glsl removes it); compile for OpenGL"
                )
            } else {
                format!("the built-in function `{name}` exists only when compiling for Vulkan")
            }
        } else if !in_stage {
            format!(
                "the built-in function `{name}` is not available in {} shaders",
                self.stage.map_or("these", |s| s.name())
            )
        } else {
            versions.sort();
            versions.dedup();
            let mut need: Vec<String> = versions.into_iter().take(1).collect();
            need.extend(exts.iter().take(3).map(|s| s.to_string()));
            if need.is_empty() {
                format!(
                    "the built-in function `{name}` is not available in GLSL {}",
                    self.version
                )
            } else {
                format!(
                    "the built-in function `{name}` needs {} (this is GLSL {})",
                    need.join(" or "),
                    self.version
                )
            }
        };
        self.error("builtin-unavailable", nspan, msg);
    }

    /// Parameter types and directions of a candidate.
    fn candidate_params(&mut self, c: &Candidate) -> SmallVec<[(TypeId, ParamQual); 4]> {
        match c {
            Candidate::User(f) => self
                .m
                .function(*f)
                .params
                .iter()
                .map(|v| {
                    let var = self.m.var(*v);
                    let q = match var.storage {
                        Storage::Param(ParamDir::Out) => ParamQual::Out,
                        Storage::Param(ParamDir::InOut) => ParamQual::InOut,
                        _ => ParamQual::In,
                    };
                    (var.ty, q)
                })
                .collect(),
            Candidate::Builtin(i) => {
                let sig = &builtins::SIGNATURES[*i as usize];
                sig.params
                    .iter()
                    .map(|p| {
                        let mut t = self.m.types.from_btype(p.ty);
                        if p.array != 0 {
                            t = self.m.types.array(t, ArraySize::Fixed(u32::from(p.array)));
                        }
                        (t, p.qual)
                    })
                    .collect()
            }
        }
    }

    fn candidate_signature(&mut self, c: &Candidate, name: &str) -> String {
        let params = self.candidate_params(c);
        let ret = match c {
            Candidate::User(f) => self.m.function(*f).ret,
            Candidate::Builtin(i) => {
                let b = builtins::SIGNATURES[*i as usize].ret;
                self.m.types.from_btype(b)
            }
        };
        let ps: Vec<String> = params
            .iter()
            .map(|(t, q)| {
                let p = match q {
                    ParamQual::In => "",
                    ParamQual::Out => "out ",
                    ParamQual::InOut => "inout ",
                };
                format!("{p}{}", self.ty_name(*t))
            })
            .collect();
        format!("{} {name}({})", self.ty_name(ret), ps.join(", "))
    }

    /// The implicit-conversion rank from one built-in type to another (not arrays): the rules
    /// behind [`Self::conversion_rank`], here without interning the types (performance: most
    /// parameters of most overloads are compared and rejected).
    pub(crate) fn btype_conversion(&self, from: BType, to: BType) -> Option<ConvRank> {
        if from == to {
            return Some(ConvRank::Exact);
        }
        match (from, to) {
            (BType::Scalar(a), BType::Scalar(b)) => self.implicit_conversion(a, b),
            (BType::Vector(a, n), BType::Vector(b, m)) if n == m => self.implicit_conversion(a, b),
            (BType::Matrix(a, c, r), BType::Matrix(b, c2, r2)) if c == c2 && r == r2 => {
                if a.is_float() && b.is_float() {
                    self.implicit_conversion(a, b)
                } else {
                    None
                }
            }
            _ => None,
        }
    }

    /// The rank of passing an argument of type `from` to a parameter of type `to`.
    fn param_conversion(&self, from: TypeId, to: TypeId) -> Option<ConvRank> {
        if from == to {
            return Some(ConvRank::Exact);
        }
        // Arrays must match exactly, except an unsized parameter array.
        match (self.m.types.get(from), self.m.types.get(to)) {
            (
                Type::Array { elem: a, .. },
                Type::Array {
                    elem: b,
                    size: ArraySize::Unsized,
                },
            ) if a == b => return Some(ConvRank::Exact),
            _ => {}
        }
        self.conversion_rank(from, to)
    }

    // ---- constructors ----

    pub(crate) fn construct(
        &mut self,
        ty: TypeId,
        args: Vec<ExprId>,
        span: Span,
        tspan: Span,
    ) -> ExprId {
        if self.m.types.is_error(ty) || args.iter().any(|a| self.m.types.is_error(self.ety(*a))) {
            return self.error_expr(span);
        }
        if args.is_empty() {
            let tname = self.ty_name(ty);
            self.error(
                "constructor-arguments",
                span,
                format!("constructor `{tname}` needs arguments"),
            );
            return self.error_expr(span);
        }
        // The common case first, without spelling the type's name (performance).
        if matches!(
            self.m.types.get(ty),
            Type::Scalar(_) | Type::Vector(..) | Type::Matrix { .. }
        ) {
            return self.construct_numeric(ty, args, span);
        }
        // The type's name is spelled only for a message (performance: sampler and struct
        // constructors are common, and naming a type formats a string).
        match self.m.types.get(ty).clone() {
            Type::Scalar(_) | Type::Vector(..) | Type::Matrix { .. } => {
                self.construct_numeric(ty, args, span)
            }
            Type::Array { elem, size } => {
                self.require(tspan, "array constructors", 120, 300, &[]);
                let n = args.len() as u32;
                if let ArraySize::Fixed(k) = size {
                    if k != n {
                        let tname = self.ty_name(ty);
                        self.error(
                            "constructor-arguments",
                            span,
                            format!("`{tname}` needs {k} elements, {n} given"),
                        );
                        return self.error_expr(span);
                    }
                }
                let mut conv = Vec::with_capacity(args.len());
                for (i, a) in args.iter().enumerate() {
                    let at = self.ety(*a);
                    // An element of an unsized element type takes the argument's sizes.
                    let target = if self.sizes_fit(at, elem) { at } else { elem };
                    conv.push(self.coerce_with(*a, target, |_| {
                        format!("element {} of the array constructor", i + 1)
                    }));
                }
                let elem_final = conv.first().map_or(elem, |a| self.ety(*a));
                // Sized by their arguments, the elements must still agree (`int[][](a, b)`
                // with `a` an `int[2]` and `b` an `int[3]`).
                if let Some(bad) = conv.iter().position(|a| {
                    let t = self.ety(*a);
                    t != elem_final && !self.m.types.is_error(t)
                }) {
                    let (want, got) = (self.ty_name(elem_final), self.ty_name(self.ety(conv[bad])));
                    let s = self.espan(conv[bad]);
                    self.error(
                        "constructor-arguments",
                        s,
                        format!(
                            "element {} of the array constructor is `{got}`, element 1 is `{want}`: the elements of an array must have one type",
                            bad + 1
                        ),
                    );
                    return self.error_expr(span);
                }
                let rt = self.m.types.array(elem_final, ArraySize::Fixed(n));
                self.finish_construct(rt, conv, span)
            }
            Type::Struct(sid) => {
                let def = self.m.types.struct_def(sid).clone();
                if def.kind == crate::types::StructKind::Block {
                    // A buffer reference made from an address: a `uint64_t`, a `uvec2`
                    // (GL_EXT_buffer_reference_uvec2) or another reference.
                    let t = args.first().map(|a| self.ety(*a));
                    let ok = args.len() == 1
                        && t.is_some_and(|t| {
                            matches!(
                                self.m.types.get(t),
                                Type::Scalar(Scalar::U64 | Scalar::I64)
                                    | Type::Vector(Scalar::U32, 2)
                                    | Type::Struct(_)
                                    | Type::Error
                            )
                        });
                    if !ok {
                        let tname = self.ty_name(ty);
                        self.error(
                            "constructor-arguments",
                            span,
                            format!("the buffer reference `{tname}` is constructed from one 64-bit address (`uint64_t` or `uvec2`) or another reference"),
                        );
                        return self.error_expr(span);
                    }
                    // A constant address makes a constant reference (its value is the
                    // address), so casts between reference types and integers fold.
                    if let Some(c) = self.const_value(args[0]) {
                        if let Some(a) = c.to_i64() {
                            return self.add_expr(
                                ExprKind::Const(ConstValue::U64(a as u64)),
                                ty,
                                span,
                            );
                        }
                    }
                    return self.add_expr(ExprKind::Construct(ty, args), ty, span);
                }
                if def.members.len() != args.len() {
                    let tname = self.ty_name(ty);
                    self.error(
                        "constructor-arguments",
                        span,
                        format!(
                            "the constructor of `{tname}` needs {} arguments (one per member), {} given",
                            def.members.len(),
                            args.len()
                        ),
                    );
                    return self.error_expr(span);
                }
                let mut conv = Vec::with_capacity(args.len());
                for (m, a) in def.members.iter().zip(&args) {
                    // An argument of the member's type is kept as is, as `coerce` would, without
                    // spelling the description (performance).
                    if self.ety(*a) == m.ty {
                        conv.push(*a);
                        continue;
                    }
                    let member = m.name;
                    conv.push(self.coerce_with(*a, m.ty, |c| {
                        format!("member `{}` of `{}`", c.name(member), c.ty_name(ty))
                    }));
                }
                self.finish_construct(ty, conv, span)
            }
            Type::Opaque(o) if o.kind == OpaqueKind::Sampler && self.vulkan() => {
                // Vulkan: sampler2D(texture2D t, sampler s).
                let ok = args.len() == 2
                    && matches!(self.m.types.get(self.ety(args[0])), Type::Opaque(t) if t.kind == OpaqueKind::Texture && t.dim == o.dim && t.arrayed == o.arrayed && t.ms == o.ms && t.sampled == o.sampled)
                    && matches!(
                        self.m.types.get(self.ety(args[1])),
                        Type::SamplerState { .. }
                    );
                if !ok {
                    let tname = self.ty_name(ty);
                    self.error(
                        "constructor-arguments",
                        span,
                        format!("`{tname}` is constructed from a matching texture and a `sampler`"),
                    );
                    return self.error_expr(span);
                }
                self.add_expr(ExprKind::Construct(ty, args), ty, span)
            }
            Type::Opaque(_) if self.ext_on(Ext::ARB_bindless_texture) => {
                // ARB_bindless_texture: a handle is made from a `uvec2`.
                let uvec2 = self.m.types.vector(Scalar::U32, 2);
                if args.len() != 1 {
                    let tname = self.ty_name(ty);
                    self.error(
                        "constructor-arguments",
                        span,
                        format!("`{tname}` is constructed from one `uvec2` handle"),
                    );
                    return self.error_expr(span);
                }
                let handle = self.coerce_with(args[0], uvec2, |c| {
                    format!("the handle of `{}`", c.ty_name(ty))
                });
                self.add_expr(ExprKind::Construct(ty, vec![handle]), ty, span)
            }
            Type::Ext(_) => self.construct_ext(ty, args, span, tspan),
            Type::ExtOpaque(_)
            | Type::AccelerationStructure
            | Type::HitObjectNV
            | Type::HitObjectEXT
            | Type::RayQuery => self.add_expr(ExprKind::Construct(ty, args), ty, span),
            _ => {
                let tname = self.ty_name(ty);
                self.error(
                    "constructor-type",
                    tspan,
                    format!("`{tname}` cannot be constructed"),
                );
                self.error_expr(span)
            }
        }
    }

    fn finish_construct(&mut self, ty: TypeId, args: Vec<ExprId>, span: Span) -> ExprId {
        let consts: Option<Vec<ConstValue>> = args.iter().map(|a| self.const_value(*a)).collect();
        if let Some(cs) = consts {
            let id = self.add_expr(ExprKind::Const(ConstValue::Composite(cs)), ty, span);
            return self.keep_spec(id, ExprKind::Construct(ty, args));
        }
        self.add_expr(ExprKind::Construct(ty, args), ty, span)
    }

    /// Scalar, vector and matrix constructors.
    fn construct_numeric(&mut self, ty: TypeId, args: Vec<ExprId>, span: Span) -> ExprId {
        // The type's name is spelled only for error messages (performance: not per call).
        let target_scalar = self.m.types.scalar_of(ty).unwrap_or(Scalar::F32);
        // GL_EXT_buffer_reference: `uint64_t(ref)` (and `uvec2(ref)` with
        // GL_EXT_buffer_reference_uvec2) give the address.
        let uvec2 = self.m.types.vector(Scalar::U32, 2);
        let u64t = self.m.types.scalar(Scalar::U64);
        let i64t = self.m.types.scalar(Scalar::I64);
        if (ty == uvec2 || ty == u64t || ty == i64t)
            && args.len() == 1
            && self.m.types.is_block(self.ety(args[0]))
        {
            if let Some(ConstValue::U64(a)) = self.const_value(args[0]) {
                let c = if ty == i64t {
                    ConstValue::I64(a as i64)
                } else {
                    ConstValue::U64(a)
                };
                if ty != uvec2 {
                    return self.add_expr(ExprKind::Const(c), ty, span);
                }
            }
            return self.add_expr(ExprKind::Construct(ty, args), ty, span);
        }
        // Conversions from cooperative and long vectors.
        if args.iter().any(|a| self.is_vector_like(self.ety(*a))) {
            return self.construct_numeric_from_vectors(ty, args, span);
        }
        // Conversions from extension types the checker keeps opaque (the microscaling
        // floats) are accepted as written.
        if args.iter().any(|a| self.is_ext_opaque(self.ety(*a))) {
            return self.add_expr(ExprKind::Construct(ty, args), ty, span);
        }
        // ARB_bindless_texture: `uvec2(sampler)` gives the handle.
        if ty == uvec2
            && args.len() == 1
            && self.ext_on(Ext::ARB_bindless_texture)
            && matches!(self.m.types.get(self.ety(args[0])), Type::Opaque(_))
        {
            return self.add_expr(ExprKind::Construct(ty, args), ty, span);
        }
        for a in &args {
            let at = self.ety(*a);
            if !self.m.types.is_numeric_or_bool(at) {
                let s = self.espan(*a);
                let tname = self.ty_name(ty);
                self.error(
                    "constructor-arguments",
                    s,
                    format!(
                        "`{tname}` cannot be constructed from `{}`",
                        self.ty_name(at)
                    ),
                );
                return self.error_expr(span);
            }
        }
        let needed = self.m.types.component_count(ty).unwrap_or(1);
        let is_matrix = self.m.types.is_matrix(ty);
        // Matrix from a matrix: alone.
        if is_matrix && args.iter().any(|a| self.m.types.is_matrix(self.ety(*a))) {
            if args.len() != 1 {
                let tname = self.ty_name(ty);
                self.error(
                    "constructor-arguments",
                    span,
                    format!("a matrix argument to `{tname}` must be the only argument"),
                );
                return self.error_expr(span);
            }
            if !self.require(span, "constructing a matrix from a matrix", 120, 100, &[]) {
                return self.error_expr(span);
            }
            return self.matrix_from_matrix(ty, args[0], span);
        }
        if args.len() == 1 && self.m.types.is_scalar(self.ety(args[0])) {
            // Broadcast (vector) or diagonal (matrix).
            return self.fold_numeric_ctor(ty, args, span, target_scalar);
        }
        let mut total = 0u32;
        for (i, a) in args.iter().enumerate() {
            let at = self.ety(*a);
            if self.m.types.is_matrix(at) && !is_matrix && !self.m.types.is_scalar(ty) {
                // vec4(mat2) is allowed: takes components in column order.
            }
            if total >= needed {
                let s = self.espan(*a);
                let tname = self.ty_name(ty);
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
            total += self.m.types.component_count(at).unwrap_or(1);
        }
        if total < needed && !self.m.types.is_scalar(ty) {
            let tname = self.ty_name(ty);
            self.error(
                "constructor-arguments",
                span,
                format!("not enough components for `{tname}`: {needed} needed, {total} given"),
            );
            return self.error_expr(span);
        }
        self.fold_numeric_ctor(ty, args, span, target_scalar)
    }

    fn fold_numeric_ctor(
        &mut self,
        ty: TypeId,
        args: Vec<ExprId>,
        span: Span,
        s: Scalar,
    ) -> ExprId {
        let consts: Option<Vec<ConstValue>> = args.iter().map(|a| self.const_value(*a)).collect();
        if let Some(cs) = consts {
            // Flatten the argument components in order.
            let mut flat: Vec<ConstValue> = Vec::new();
            for c in &cs {
                flatten(c, &mut flat);
            }
            let flat: Vec<ConstValue> = flat.iter().map(|v| v.convert(s)).collect();
            let value = match self.m.types.get(ty).clone() {
                Type::Scalar(_) => flat[0].clone(),
                Type::Vector(_, n) => {
                    if flat.len() == 1 {
                        ConstValue::Composite(vec![flat[0].clone(); n as usize])
                    } else {
                        ConstValue::Composite(flat[..n as usize].to_vec())
                    }
                }
                Type::Matrix { cols, rows, .. } => {
                    let mut colv = Vec::new();
                    for c in 0..cols as usize {
                        let mut col = Vec::new();
                        for r in 0..rows as usize {
                            if flat.len() == 1 {
                                col.push(if c == r {
                                    flat[0].clone()
                                } else {
                                    ConstValue::zero(s)
                                });
                            } else {
                                col.push(flat[c * rows as usize + r].clone());
                            }
                        }
                        colv.push(ConstValue::Composite(col));
                    }
                    ConstValue::Composite(colv)
                }
                _ => return self.add_expr(ExprKind::Construct(ty, args), ty, span),
            };
            let id = self.add_expr(ExprKind::Const(value), ty, span);
            return self.keep_spec(id, ExprKind::Construct(ty, args));
        }
        self.add_expr(ExprKind::Construct(ty, args), ty, span)
    }

    fn matrix_from_matrix(&mut self, ty: TypeId, arg: ExprId, span: Span) -> ExprId {
        let Some(c) = self.const_value(arg) else {
            return self.add_expr(ExprKind::Construct(ty, vec![arg]), ty, span);
        };
        let Type::Matrix { cols, rows, scalar } = *self.m.types.get(ty) else {
            return self.add_expr(ExprKind::Construct(ty, vec![arg]), ty, span);
        };
        let src = c.components();
        let mut out = Vec::new();
        for ci in 0..cols as usize {
            let mut col = Vec::new();
            for ri in 0..rows as usize {
                let v = src
                    .get(ci)
                    .and_then(|sc| sc.components().get(ri).cloned())
                    .map(|v| v.convert(scalar))
                    .unwrap_or_else(|| {
                        ConstValue::from_f64(scalar, if ci == ri { 1.0 } else { 0.0 })
                    });
                col.push(v);
            }
            out.push(ConstValue::Composite(col));
        }
        let id = self.add_expr(ExprKind::Const(ConstValue::Composite(out)), ty, span);
        self.keep_spec(id, ExprKind::Construct(ty, vec![arg]))
    }
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

#[allow(dead_code)]
fn unused(_: BType) {}
