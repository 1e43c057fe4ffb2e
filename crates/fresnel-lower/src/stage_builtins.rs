//! Ray-tracing built-ins (GL_EXT_ray_tracing, GL_NV_ray_tracing, GL_NV_ray_tracing_motion_blur)
//! as intrinsics, after NIR: `trace_ray` (and `trace_ray_motion`) and `execute_callable`
//! take the deref of the payload (`rayPayloadEXT`) or callable-data (`callableDataEXT`)
//! variable whose `location` the call's last (constant) argument names;
//! `report_ray_intersection` returns whether the hit was accepted; the `ignoreIntersection`
//! and `terminateRay` statements (and the NV functions) are `ignore_ray_intersection` and
//! `terminate_ray`, which end the invocation like `terminate`.
//!
//! Ray queries (GL_EXT_ray_query): `rq_initialize`, `rq_proceed`, `rq_terminate`,
//! `rq_generate_intersection`, `rq_confirm_intersection` on the deref of the `rayQueryEXT`
//! variable; every `rayQueryGet*` is an `rq_load` naming the value by its `base` index
//! (`fresnel_ir::intrinsic::RAY_QUERY_VALUES`), matrices one load per column
//! (`component`), the triangle's vertex positions one per vertex.
//!
//! Displacement micromaps: `fetchMicroTriangleVertex{Position,Barycentric}NV` are
//! `fetch_micro_triangle_vertex` (`base` 0 / 1).
//!
//! Clocks: `clockARB`, `clockRealtimeEXT` and their `2x32` forms are `shader_clock` (two
//! 32-bit halves; `base` 1 for the real-time clock), packed with `pack_64_2x32` for the
//! 64-bit forms.
//!
//! Mesh shaders (GL_EXT_mesh_shader): `SetMeshOutputsEXT(v, p)` is
//! `set_vertex_and_primitive_count` (srcs: the two counts); `EmitMeshTasksEXT(x, y, z)` is
//! `launch_mesh_workgroups` (src: the `uvec3` group counts; the task payload is the
//! `taskPayloadSharedEXT` variable), which ends the task invocation.

use fresnel_ir::{IndexKind, Intrinsic, ValueId};
use fresnel_sema::hir::{self, ExprKind, Storage};
use fresnel_sema::types::{ArraySize, Type as HType, TypeId as HirTypeId};
use fresnel_syntax::source::Span;

use crate::func::{FnCx, Global};
use crate::types::{shape, value_bits, Shape};
use crate::{LowerError, Operand};

/// Where a call's location may point (glslang also accepts the incoming payload).
pub(crate) const PAYLOADS: &[&str] = &[
    "rayPayloadEXT",
    "rayPayloadNV",
    "rayPayloadInEXT",
    "rayPayloadInNV",
];
/// The derivative functions (GLSL 8.14.1).
const DERIVATIVES: &[&str] = &[
    "dFdx",
    "dFdy",
    "fwidth",
    "dFdxFine",
    "dFdyFine",
    "fwidthFine",
    "dFdxCoarse",
    "dFdyCoarse",
    "fwidthCoarse",
];
const CALLABLE_DATA: &[&str] = &[
    "callableDataEXT",
    "callableDataNV",
    "callableDataInEXT",
    "callableDataInNV",
];

impl FnCx<'_, '_, '_> {
    /// Lowers a ray-tracing, ray-query, clock or mesh built-in; `None` for other names. The
    /// inner option is the call's value (`None` for `void`).
    pub(crate) fn stage_builtin(
        &mut self,
        name: &str,
        args: &[hir::ExprId],
        ret: HirTypeId,
        span: Span,
    ) -> Result<Option<Option<Operand>>, LowerError> {
        if name.starts_with("rayQuery") {
            return self.ray_query(name, args, ret, span);
        }
        if name.starts_with("hitObject") || name.starts_with("reorderThread") {
            return self.hit_object(name, args, ret, span);
        }
        if DERIVATIVES.contains(&name) && self.derivatives_are_zero() {
            // GL_NV/KHR_compute_shader_derivatives: "If neither layout qualifier is
            // specified, derivatives in compute shaders return zero".
            let Some(&p) = args.first() else {
                return Ok(None);
            };
            let v = self.expr_value(p)?;
            let (bits, n) = (self.b.bit_size(v), self.b.num_components(v));
            let zero = self.b.constant(bits, &vec![0; usize::from(n)]);
            return Ok(Some(Some(Operand::Value(zero))));
        }
        let op = match name {
            "traceRayEXT" | "traceNV" => Intrinsic::TraceRay,
            "traceRayMotionNV" => Intrinsic::TraceRayMotion,
            "executeCallableEXT" | "executeCallableNV" => Intrinsic::ExecuteCallable,
            "reportIntersectionEXT" | "reportIntersectionNV" => {
                let t = self.arg_value(args, 0, name, span)?;
                let k = self.arg_value(args, 1, name, span)?;
                let r = self
                    .b
                    .intrinsic(Intrinsic::ReportRayIntersection, &[t, k], 1, 1, &[])
                    .expect("report_ray_intersection has a result");
                return Ok(Some(Some(Operand::Value(r))));
            }
            "SetMeshOutputsEXT" => {
                let v = self.arg_value(args, 0, name, span)?;
                let p = self.arg_value(args, 1, name, span)?;
                self.b
                    .intrinsic(Intrinsic::SetVertexAndPrimitiveCount, &[v, p], 0, 0, &[]);
                return Ok(Some(None));
            }
            "EmitMeshTasksEXT" => {
                let x = self.arg_value(args, 0, name, span)?;
                let y = self.arg_value(args, 1, name, span)?;
                let z = self.arg_value(args, 2, name, span)?;
                let g = self.b.vec(&[x, y, z]);
                self.b
                    .intrinsic(Intrinsic::LaunchMeshWorkgroups, &[g], 0, 0, &[]);
                return Ok(Some(None));
            }
            "clockARB" | "clock2x32ARB" | "clockRealtimeEXT" | "clockRealtime2x32EXT" => {
                let realtime = name.starts_with("clockRealtime");
                let r = self
                    .b
                    .intrinsic(
                        Intrinsic::ShaderClock,
                        &[],
                        2,
                        32,
                        &[(IndexKind::Base, i64::from(realtime))],
                    )
                    .expect("shader_clock has a result");
                let r = if name.contains("2x32") {
                    r
                } else {
                    self.b.alu(fresnel_ir::AluOp::Pack64_2x32, &[r])
                };
                return Ok(Some(Some(Operand::Value(r))));
            }
            "fetchMicroTriangleVertexPositionNV" | "fetchMicroTriangleVertexBarycentricNV" => {
                let position = name == "fetchMicroTriangleVertexPositionNV";
                let Some(&a) = args.first() else {
                    return Err(LowerError::new(
                        format!("`{name}`: no arguments"),
                        Some(span),
                    ));
                };
                let mut srcs = vec![self.opaque_deref(a, span)?];
                for i in 1..5 {
                    srcs.push(self.arg_value(args, i, name, span)?);
                }
                let r = self
                    .b
                    .intrinsic(
                        Intrinsic::FetchMicroTriangleVertex,
                        &srcs,
                        if position { 3 } else { 2 },
                        32,
                        &[(IndexKind::Base, i64::from(!position))],
                    )
                    .expect("fetch_micro_triangle_vertex has a result");
                return Ok(Some(Some(Operand::Value(r))));
            }
            "debugPrintfEXT" => {
                // Nothing is printed; the arguments are evaluated for their side effects
                // (the format string and other string literals have no value).
                for &a in args {
                    self.expr_opt(a)?;
                }
                return Ok(Some(None));
            }
            "ignoreIntersectionNV" | "terminateRayNV" => {
                self.end_ray_invocation(name == "terminateRayNV");
                return Ok(Some(None));
            }
            _ => return Ok(None),
        };
        let Some((&last, rest)) = args.split_last() else {
            return Err(LowerError::new(
                format!("`{name}`: no arguments"),
                Some(span),
            ));
        };
        let mut srcs: Vec<ValueId> = Vec::with_capacity(args.len());
        for (i, &a) in rest.iter().enumerate() {
            if i == 0 && op != Intrinsic::ExecuteCallable {
                match self.opaque_operand(a, span)? {
                    Operand::Deref(d) => srcs.push(d),
                    _ => {
                        return Err(LowerError::new(
                            "bad acceleration structure argument",
                            Some(span),
                        ))
                    }
                }
            } else {
                srcs.push(self.expr_value(a)?);
            }
        }
        let kinds = if op == Intrinsic::ExecuteCallable {
            CALLABLE_DATA
        } else {
            PAYLOADS
        };
        if name == "traceNV" && self.located_global(last, kinds).is_none() {
            // The NV form names the payload by its location only (`OpTraceNV`), which
            // need not belong to a variable of this shader.
            let loc = self.ray_location(last, name, span)?;
            self.b.intrinsic(
                Intrinsic::TraceRayLocation,
                &srcs,
                0,
                0,
                &[(IndexKind::Base, loc)],
            );
            return Ok(Some(None));
        }
        let d = self.located_ray_var(last, kinds, name, span)?;
        srcs.push(d);
        self.b.intrinsic(op, &srcs, 0, 0, &[]);
        Ok(Some(None))
    }

    /// Whether derivatives are zero here: compute, task and mesh shaders without a
    /// `derivative_group_*` layout (GL_NV/KHR_compute_shader_derivatives).
    fn derivatives_are_zero(&self) -> bool {
        use fresnel_ir::Stage;
        if !matches!(self.cx.stage, Stage::Compute | Stage::Task | Stage::Mesh) {
            return false;
        }
        !self.cx.m.stage_layout.iter().any(|e| {
            self.cx
                .interner
                .resolve(e.name)
                .to_ascii_lowercase()
                .starts_with("derivative_group_")
        })
    }

    /// `ignoreIntersection` / `terminateRay`: the intrinsic (which ends the invocation).
    pub(crate) fn end_ray_invocation(&mut self, terminate: bool) {
        let op = if terminate {
            Intrinsic::TerminateRay
        } else {
            Intrinsic::IgnoreRayIntersection
        };
        self.b.intrinsic(op, &[], 0, 0, &[]);
    }

    /// The deref of the global of one of the `storages` (extension storage qualifiers)
    /// whose `location` is the constant `loc_expr`.
    pub(crate) fn located_ray_var(
        &mut self,
        loc_expr: hir::ExprId,
        storages: &[&str],
        name: &str,
        span: Span,
    ) -> Result<ValueId, LowerError> {
        let loc = self.ray_location(loc_expr, name, span)?;
        let found = self.located_global(loc_expr, storages);
        let Some(g) = found else {
            return Err(LowerError::new(
                format!(
                    "`{name}`: no `{}` variable has location {loc} (the shader declares no such payload)",
                    storages.join("`/`")
                ),
                Some(span),
            ));
        };
        match self.cx.global(self.b.types, g, span)? {
            Global::Var(v) => Ok(self.deref_var(v)),
            _ => Err(LowerError::new(
                format!("`{name}`: the payload is not a variable"),
                Some(span),
            )),
        }
    }

    /// The constant location a ray-tracing call names.
    fn ray_location(
        &self,
        loc_expr: hir::ExprId,
        name: &str,
        span: Span,
    ) -> Result<i64, LowerError> {
        match &self.cx.m.expr(loc_expr).kind {
            ExprKind::Const(c) => Ok(crate::vars::scalar_bits(c) as i64),
            _ => Err(LowerError::new(
                format!("`{name}`: the payload location must be a constant"),
                Some(span),
            )),
        }
    }

    /// The global of one of the `storages` (extension storage qualifiers) whose `location`
    /// is the constant `loc_expr` (the block of a member of an anonymous block).
    fn located_global(&self, loc_expr: hir::ExprId, storages: &[&str]) -> Option<hir::VarId> {
        let m = self.cx.m;
        let interner = self.cx.interner;
        let loc = match &m.expr(loc_expr).kind {
            ExprKind::Const(c) => crate::vars::scalar_bits(c) as i64,
            _ => return None,
        };
        let found = m.globals.iter().copied().find(|&g| {
            let v = m.var(g);
            let Storage::Ext(s) = v.storage else {
                return false;
            };
            storages.contains(&interner.resolve(s))
                && v.quals
                    .layout
                    .iter()
                    .rev()
                    .find(|e| interner.resolve(e.name) == "location")
                    .and_then(|e| e.value)
                    == Some(loc)
        });
        // A member of an anonymous block stands for the block.
        found.map(|g| match m.var(g).block_member {
            Some((b, _)) if b != g => b,
            _ => g,
        })
    }

    /// The deref of an opaque argument (a ray query, an acceleration structure).
    pub(crate) fn opaque_deref(
        &mut self,
        e: hir::ExprId,
        span: Span,
    ) -> Result<ValueId, LowerError> {
        match self.opaque_operand(e, span)? {
            Operand::Deref(d) => Ok(d),
            _ => Err(LowerError::new("bad opaque argument", Some(span))),
        }
    }

    fn ray_query(
        &mut self,
        name: &str,
        args: &[hir::ExprId],
        ret: HirTypeId,
        span: Span,
    ) -> Result<Option<Option<Operand>>, LowerError> {
        let base = name
            .strip_suffix("EXT")
            .or_else(|| name.strip_suffix("NV"))
            .unwrap_or(name);
        let simple = match base {
            "rayQueryInitialize" => Some(Intrinsic::RqInitialize),
            "rayQueryProceed" => Some(Intrinsic::RqProceed),
            "rayQueryTerminate" => Some(Intrinsic::RqTerminate),
            "rayQueryGenerateIntersection" => Some(Intrinsic::RqGenerateIntersection),
            "rayQueryConfirmIntersection" => Some(Intrinsic::RqConfirmIntersection),
            _ => None,
        };
        if args.is_empty() {
            return Ok(None);
        }
        if let Some(op) = simple {
            let mut srcs = vec![self.opaque_deref(args[0], span)?];
            for (i, &a) in args.iter().enumerate().skip(1) {
                if i == 1 && op == Intrinsic::RqInitialize {
                    srcs.push(self.opaque_deref(a, span)?);
                } else {
                    srcs.push(self.expr_value(a)?);
                }
            }
            let n = u8::from(op == Intrinsic::RqProceed);
            let r = self.b.intrinsic(op, &srcs, n, 1, &[]);
            return Ok(Some(r.map(Operand::Value)));
        }
        let what = base.strip_prefix("rayQueryGet").or_else(|| {
            base.strip_prefix("rayQuery")
                .filter(|w| w.starts_with("Is"))
        });
        let Some(what) = what else {
            return Ok(None);
        };
        let Some(index) = fresnel_ir::intrinsic::RAY_QUERY_VALUES
            .iter()
            .position(|(_, f)| *f == what)
        else {
            return Ok(None);
        };
        let q = self.opaque_deref(args[0], span)?;
        let committed = match args.get(1) {
            Some(&c)
                if args.len() >= 2 && self.m().expr(c).ty == fresnel_sema::types::ids::BOOL =>
            {
                self.expr_value(c)?
            }
            _ => self.b.imm_bool(false),
        };
        let idx = index as i64;
        let load = |fc: &mut Self, comp: i64, n: u8, bits: u8| {
            fc.b.intrinsic(
                Intrinsic::RqLoad,
                &[q, committed],
                n,
                bits,
                &[(IndexKind::Base, idx), (IndexKind::Component, comp)],
            )
            .expect("rq_load has a result")
        };
        // (Loosely checked built-ins have the error type.)
        if shape(self.m(), ret) == Shape::Void || self.m().types.is_error(ret) {
            // `out` arrays (the triangle's vertices, the LSS end points and radii): one
            // load per element.
            let Some(&out) = args.last() else {
                return Err(LowerError::new(
                    format!("`{name}`: missing argument"),
                    Some(span),
                ));
            };
            self.out_array_loads(out, name, span, &load)?;
            return Ok(Some(None));
        }
        let m = self.m();
        let r = match shape(m, ret) {
            Shape::Value { scalar, n } => Operand::Value(load(self, 0, n, value_bits(scalar))),
            Shape::Matrix { scalar, cols, rows } => Operand::Matrix(
                (0..cols)
                    .map(|c| load(self, i64::from(c), rows, value_bits(scalar)))
                    .collect(),
            ),
            _ => {
                return Err(LowerError::new(
                    format!("`{name}`: unexpected result type"),
                    Some(span),
                ))
            }
        };
        Ok(Some(Some(r)))
    }

    /// The value of argument `i` (an error when the call has fewer).
    fn arg_value(
        &mut self,
        args: &[hir::ExprId],
        i: usize,
        name: &str,
        span: Span,
    ) -> Result<ValueId, LowerError> {
        let Some(&a) = args.get(i) else {
            return Err(LowerError::new(
                format!("`{name}`: missing argument {}", i + 1),
                Some(span),
            ));
        };
        self.expr_value(a)
    }

    /// Stores `load(fc, i, components, bits)` into each element `i` of the `out` array
    /// argument `e` (of scalars or vectors).
    pub(crate) fn out_array_loads(
        &mut self,
        e: hir::ExprId,
        name: &str,
        span: Span,
        load: &dyn Fn(&mut Self, i64, u8, u8) -> ValueId,
    ) -> Result<(), LowerError> {
        let m = self.m();
        let bad = || LowerError::new(format!("`{name}`: bad output argument"), Some(span));
        let (elem, len) = match *m.types.get(m.expr(e).ty) {
            HType::Array {
                elem,
                size: ArraySize::Fixed(n),
            } => (elem, n),
            _ => return Err(bad()),
        };
        let Shape::Value { scalar, n } = shape(m, elem) else {
            return Err(bad());
        };
        let d = match self.place(e)? {
            crate::expr::Place::Deref(d, _) => d,
            _ => return Err(bad()),
        };
        for i in 0..len {
            let v = load(self, i64::from(i), n, value_bits(scalar));
            let k = self.b.imm_u32(i);
            let el = self.b.deref_array(d, k);
            self.b.store_deref(el, v, (1u32 << n) - 1);
        }
        Ok(())
    }
}
