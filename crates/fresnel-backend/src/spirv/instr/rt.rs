//! Ray tracing (SPV_KHR_ray_tracing), ray queries (SPV_KHR_ray_query) and mesh shaders
//! (SPV_EXT_mesh_shader) intrinsics, with the NV hit objects
//! (SPV_NV_shader_invocation_reorder) and the NV geometry extensions
//! (SPV_NV_cluster_acceleration_structure, SPV_NV_linear_swept_spheres,
//! SPV_NV_displacement_micromap: their ray-query and hit-object queries and
//! `OpFetchMicroTriangleVertex*NV`; their built-ins are in `ext::builtin`).

use fresnel_ir::{BaseType, IndexKind, Intrinsic, IntrinsicInstr, ValueId};

use super::super::ext;
use super::super::func::Val;
use super::super::types::Kind;
use super::super::{Result, SpirvError};
use crate::spirv::func::FuncCx;

/// An `rq_load` value: opcode, whether it takes the intersection (candidate/committed)
/// operand, result base type and components (of one column or element), and whether it is
/// read whole (`matrix`): a matrix of 4 columns, or with `array` an array (the triangle's
/// vertices, the LSS end points and radii), one part per IR load.
struct RqValue {
    opc: u16,
    intersection: bool,
    base: BaseType,
    comps: u8,
    matrix: bool,
    /// The whole value is an array of this many `comps`-vectors (`0`: not an array); its
    /// elements are the IR loads' `component`.
    array: u32,
}

fn rq_value(name: &str) -> Option<RqValue> {
    let v = |opc, intersection, base, comps| RqValue {
        opc,
        intersection,
        base,
        comps,
        matrix: false,
        array: 0,
    };
    use BaseType::{Bool, Float, Int, Uint};
    Some(match name {
        "intersection_type" => v(ext::op::RAY_QUERY_GET_INTERSECTION_TYPE_KHR, true, Uint, 1),
        "intersection_t" => v(6018, true, Float, 1),
        "intersection_instance_custom_index" => v(6019, true, Int, 1),
        "intersection_instance_id" => v(6020, true, Int, 1),
        "intersection_instance_sbt_index" => v(6021, true, Uint, 1),
        "intersection_geometry_index" => v(6022, true, Int, 1),
        "intersection_primitive_index" => v(6023, true, Int, 1),
        "intersection_barycentrics" => v(6024, true, Float, 2),
        "intersection_front_face" => v(6025, true, Bool, 1),
        "intersection_candidate_aabb_opaque" => v(6026, false, Bool, 1),
        "intersection_object_ray_direction" => v(6027, true, Float, 3),
        "intersection_object_ray_origin" => v(6028, true, Float, 3),
        "intersection_object_to_world" => RqValue {
            matrix: true,
            ..v(6031, true, Float, 3)
        },
        "intersection_world_to_object" => RqValue {
            matrix: true,
            ..v(6032, true, Float, 3)
        },
        "tmin" => v(6016, false, Float, 1),
        "flags" => v(6017, false, Uint, 1),
        "world_ray_direction" => v(6029, false, Float, 3),
        "world_ray_origin" => v(6030, false, Float, 3),
        "intersection_triangle_vertex_positions" => RqValue {
            matrix: true,
            array: 3,
            ..v(
                ext::op::RAY_QUERY_GET_INTERSECTION_TRIANGLE_VERTEX_POSITIONS_KHR,
                true,
                Float,
                3,
            )
        },
        // SPV_NV_cluster_acceleration_structure, SPV_NV_linear_swept_spheres.
        "intersection_cluster_id" => v(nv::RQ_CLUSTER_ID, true, Int, 1),
        "intersection_sphere_position" => v(nv::RQ_SPHERE_POSITION, true, Float, 3),
        "intersection_sphere_radius" => v(nv::RQ_SPHERE_RADIUS, true, Float, 1),
        "intersection_lss_hit_value" => v(nv::RQ_LSS_HIT_VALUE, true, Float, 1),
        "intersection_lss_positions" => RqValue {
            matrix: true,
            array: 2,
            ..v(nv::RQ_LSS_POSITIONS, true, Float, 3)
        },
        "intersection_lss_radii" => RqValue {
            matrix: true,
            array: 2,
            ..v(nv::RQ_LSS_RADII, true, Float, 1)
        },
        "is_sphere_hit" => v(nv::RQ_IS_SPHERE_HIT, true, Bool, 1),
        "is_lss_hit" => v(nv::RQ_IS_LSS_HIT, true, Bool, 1),
        _ => return None,
    })
}

/// Whether `opc` reads a whole matrix of a ray query (cached per block in
/// [`FuncCx::pure`] until the query changes).
fn is_rq_matrix_getter(opc: u16) -> bool {
    opc == 6031
        || opc == 6032
        || opc == ext::op::RAY_QUERY_GET_INTERSECTION_TRIANGLE_VERTEX_POSITIONS_KHR
        || opc == nv::RQ_LSS_POSITIONS
        || opc == nv::RQ_LSS_RADII
}

/// Whether `opc` reads a whole matrix of a hit object (cached like ray-query matrices).
fn is_hit_object_matrix_getter(opc: u16) -> bool {
    HIT_OBJECT_VALUES
        .iter()
        .any(|v| v.whole != Whole::One && (v.nv == opc || v.ext == opc))
}

/// Opcodes of the NV ray-tracing geometry extensions (SPIR-V unified grammar).
mod nv {
    pub const RQ_CLUSTER_ID: u16 = 5345;
    pub const HO_CLUSTER_ID: u16 = 5346;
    pub const RQ_SPHERE_POSITION: u16 = 5427;
    pub const RQ_SPHERE_RADIUS: u16 = 5428;
    pub const RQ_LSS_POSITIONS: u16 = 5429;
    pub const RQ_LSS_RADII: u16 = 5430;
    pub const RQ_LSS_HIT_VALUE: u16 = 5431;
    pub const HO_SPHERE_POSITION: u16 = 5432;
    pub const HO_SPHERE_RADIUS: u16 = 5433;
    pub const HO_LSS_POSITIONS: u16 = 5434;
    pub const HO_LSS_RADII: u16 = 5435;
    pub const HO_IS_SPHERE_HIT: u16 = 5436;
    pub const HO_IS_LSS_HIT: u16 = 5437;
    pub const RQ_IS_SPHERE_HIT: u16 = 5438;
    pub const RQ_IS_LSS_HIT: u16 = 5439;
    pub const FETCH_MICRO_TRIANGLE_VERTEX_POSITION: u16 = 5300;
    pub const FETCH_MICRO_TRIANGLE_VERTEX_BARYCENTRIC: u16 = 5301;
}

/// The capability and extension an NV geometry opcode needs beyond ray queries / hit
/// objects (`None` for the others).
fn nv_geometry_cap(opc: u16) -> Option<(u32, &'static str)> {
    use nv::*;
    Some(match opc {
        RQ_CLUSTER_ID | HO_CLUSTER_ID => (
            ext::cap::RAY_TRACING_CLUSTER_ACCELERATION_STRUCTURE_NV,
            "SPV_NV_cluster_acceleration_structure",
        ),
        RQ_SPHERE_POSITION | RQ_SPHERE_RADIUS | RQ_IS_SPHERE_HIT | HO_SPHERE_POSITION
        | HO_SPHERE_RADIUS | HO_IS_SPHERE_HIT => (
            ext::cap::RAY_TRACING_SPHERES_GEOMETRY_NV,
            "SPV_NV_linear_swept_spheres",
        ),
        RQ_LSS_POSITIONS | RQ_LSS_RADII | RQ_LSS_HIT_VALUE | RQ_IS_LSS_HIT | HO_LSS_POSITIONS
        | HO_LSS_RADII | HO_IS_LSS_HIT => (
            ext::cap::RAY_TRACING_LINEAR_SWEPT_SPHERES_GEOMETRY_NV,
            "SPV_NV_linear_swept_spheres",
        ),
        FETCH_MICRO_TRIANGLE_VERTEX_POSITION | FETCH_MICRO_TRIANGLE_VERTEX_BARYCENTRIC => (
            ext::cap::DISPLACEMENT_MICROMAP_NV,
            "SPV_NV_displacement_micromap",
        ),
        _ => return None,
    })
}

/// The base type of an `rq_load` or `hit_object_load` result (`None` for other
/// intrinsics), for [`FuncCx::infer_kinds`].
pub(in crate::spirv) fn stage_load_base(x: &IntrinsicInstr) -> Option<BaseType> {
    let base = usize::try_from(x.index(IndexKind::Base).unwrap_or(-1)).ok()?;
    match x.op {
        Intrinsic::RqLoad => {
            let (name, _) = fresnel_ir::intrinsic::RAY_QUERY_VALUES.get(base)?;
            rq_value(name).map(|v| v.base)
        }
        Intrinsic::HitObjectLoad => {
            let (name, _) = fresnel_ir::intrinsic::HIT_OBJECT_VALUES.get(base)?;
            hit_object_value(name).map(|v| v.base)
        }
        Intrinsic::FetchMicroTriangleVertex => Some(BaseType::Float),
        _ => None,
    }
}

/// Whether local variable `v` is declared `Private` rather than `Function` (`func.rs`): a
/// ray query (not an array of them: its element pointers would be `Function` ones).
pub(in crate::spirv) fn private_local(
    shader: &fresnel_ir::Shader,
    v: &fresnel_ir::Variable,
) -> bool {
    matches!(shader.types.get(v.ty), fresnel_ir::Type::Opaque(n) if n == "rayQueryEXT")
        && v.init.is_none()
}

/// The SPIR-V instruction of a hit-object operation: the NV or EXT opcode (by the type of
/// the hit object, or `base` 1 of `reorder_thread`), and its operands, one letter per IR
/// source in order: `p` a pointer (the hit object, a ray query, a payload or attribute
/// variable), `a` an acceleration structure (loaded), `u` a 32-bit integer, `f` a float,
/// `v` a `vec3`, `x` dropped (the EXT-only ray flags of NV miss records). With
/// `payload_first`, the last source (the payload) is written before the two before it (the
/// reorder hint and its bits), as the reorder-and-execute instructions order them.
struct HitObjectOp {
    opc: u16,
    pattern: &'static str,
    payload_first: bool,
    /// Motion-blur variants: the NV ones need SPV_NV_ray_tracing_motion_blur.
    motion: bool,
}

fn hit_object_op(op: Intrinsic, ext: bool) -> Option<HitObjectOp> {
    use Intrinsic as I;
    // (NV opcode, EXT opcode; 0: none in that extension), NV and EXT patterns.
    let (nv, ex, pattern, ext_pattern) = match op {
        I::HitObjectTraceRay => (5260, 5316, "pauuuuuvfvfp", ""),
        I::HitObjectTraceRayMotion => (5256, 5317, "pauuuuuvfvffp", ""),
        I::HitObjectRecordHit => (5261, 0, "pauuuuuuvfvfp", ""),
        I::HitObjectRecordHitMotion => (5249, 0, "pauuuuuuvfvffp", ""),
        I::HitObjectRecordHitWithIndex => (5262, 0, "pauuuuuvfvfp", ""),
        I::HitObjectRecordHitWithIndexMotion => (5250, 0, "pauuuuuvfvffp", ""),
        I::HitObjectRecordMiss => (5263, 5305, "pxuvfvf", "puuvfvf"),
        I::HitObjectRecordMissMotion => (5251, 5306, "pxuvfvff", "puuvfvff"),
        I::HitObjectRecordEmpty => (5259, 5318, "p", ""),
        I::HitObjectRecordFromQuery => (0, 5304, "ppupu", ""),
        I::HitObjectRecordFromQueryKind => (0, 5304, "ppup", ""),
        I::HitObjectExecuteShader => (5264, 5319, "pp", ""),
        I::HitObjectGetAttributes => (5266, 5321, "pp", ""),
        I::HitObjectSetSbtRecordIndex => (0, 5309, "pu", ""),
        I::HitObjectReorder => (5279, 5315, "puu", ""),
        I::ReorderThread => (5280, 5314, "uu", ""),
        I::HitObjectReorderExecute => (0, 5310, "puup", ""),
        I::HitObjectTraceReorderExecute => (0, 5311, "pauuuuuvfvfuup", ""),
        I::HitObjectTraceMotionReorderExecute => (0, 5312, "pauuuuuvfvffuup", ""),
        _ => return None,
    };
    Some(HitObjectOp {
        opc: if ext { ex } else { nv },
        pattern: if ext && !ext_pattern.is_empty() {
            ext_pattern
        } else {
            pattern
        },
        payload_first: matches!(
            op,
            I::HitObjectReorderExecute
                | I::HitObjectTraceReorderExecute
                | I::HitObjectTraceMotionReorderExecute
        ),
        motion: matches!(
            op,
            I::HitObjectTraceRayMotion
                | I::HitObjectRecordHitMotion
                | I::HitObjectRecordHitWithIndexMotion
                | I::HitObjectRecordMissMotion
                | I::HitObjectTraceMotionReorderExecute
        ),
    })
}

/// How a multi-part `hit_object_load` value is read whole: a matrix of 4 columns or an
/// array of `n` elements (the IR loads' `component` picks one).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Whole {
    One,
    Matrix,
    Array(u32),
}

/// A `hit_object_load` value: its NV (SPV_NV_shader_invocation_reorder and the NV geometry
/// extensions) and EXT (SPV_EXT_shader_invocation_reorder) opcodes (0: none in that
/// extension), base type, components, how it is read whole.
struct HitObjectValue {
    name: &'static str,
    nv: u16,
    ext: u16,
    base: BaseType,
    comps: u8,
    whole: Whole,
}

const HIT_OBJECT_VALUES: &[HitObjectValue] = {
    use BaseType::{Bool, Float, Int, Uint};
    const fn v(name: &'static str, nv: u16, ext: u16, base: BaseType, comps: u8) -> HitObjectValue {
        HitObjectValue {
            name,
            nv,
            ext,
            base,
            comps,
            whole: Whole::One,
        }
    }
    const fn whole(v: HitObjectValue, whole: Whole) -> HitObjectValue {
        HitObjectValue { whole, ..v }
    }
    &[
        v("is_empty", 5276, 5350, Bool, 1),
        v("is_hit", 5277, 5351, Bool, 1),
        v("is_miss", 5278, 5352, Bool, 1),
        v("tmin", 5275, 5347, Float, 1),
        v("tmax", 5274, 5333, Float, 1),
        v("ray_flags", 0, 5308, Uint, 1),
        v("world_ray_origin", 5273, 5330, Float, 3),
        v("world_ray_direction", 5272, 5329, Float, 3),
        v("object_ray_origin", 5255, 5327, Float, 3),
        v("object_ray_direction", 5254, 5328, Float, 3),
        whole(v("world_to_object", 5252, 5332, Float, 3), Whole::Matrix),
        whole(v("object_to_world", 5253, 5331, Float, 3), Whole::Matrix),
        v("instance_custom_index", 5271, 5326, Int, 1),
        v("instance_id", 5270, 5325, Int, 1),
        v("geometry_index", 5269, 5324, Int, 1),
        v("primitive_index", 5268, 5323, Int, 1),
        v("hit_kind", 5267, 5322, Uint, 1),
        v("current_time", 5265, 5320, Float, 1),
        v("sbt_record_index", 5258, 5348, Uint, 1),
        v("shader_record_buffer_handle", 5257, 5349, Uint, 2),
        whole(
            v(
                "triangle_vertex_positions",
                0,
                HO_TRIANGLE_VERTEX_POSITIONS_EXT,
                Float,
                3,
            ),
            Whole::Array(3),
        ),
        v("cluster_id", nv::HO_CLUSTER_ID, 0, Int, 1),
        v("sphere_position", nv::HO_SPHERE_POSITION, 0, Float, 3),
        v("sphere_radius", nv::HO_SPHERE_RADIUS, 0, Float, 1),
        v("is_sphere_hit", nv::HO_IS_SPHERE_HIT, 0, Bool, 1),
        v("is_lss_hit", nv::HO_IS_LSS_HIT, 0, Bool, 1),
        whole(
            v("lss_positions", nv::HO_LSS_POSITIONS, 0, Float, 3),
            Whole::Array(2),
        ),
        whole(
            v("lss_radii", nv::HO_LSS_RADII, 0, Float, 1),
            Whole::Array(2),
        ),
    ]
};

/// `OpHitObjectGetIntersectionTriangleVertexPositionsEXT`.
const HO_TRIANGLE_VERTEX_POSITIONS_EXT: u16 = 5307;

fn hit_object_value(name: &str) -> Option<&'static HitObjectValue> {
    HIT_OBJECT_VALUES.iter().find(|v| v.name == name)
}

impl FuncCx<'_, '_> {
    /// Ray flags that may hold `gl_RayFlagsForceOpacityMicromap2StateEXT` (0x400) need
    /// the RayTracingOpacityMicromapEXT capability (SPV_EXT_opacity_micromap), as the
    /// validator checks for constant flags. A constant with the bit set declares it.
    pub(super) fn note_ray_flags(&mut self, flags: ValueId) {
        const FORCE_OPACITY_MICROMAP_2_STATE: u64 = 0x400;
        if let &Val::Const(c) = &self.vals[flags.0 as usize] {
            if self.consts[c as usize]
                .first()
                .is_some_and(|b| b & FORCE_OPACITY_MICROMAP_2_STATE != 0)
            {
                self.m.cap(ext::cap::RAY_TRACING_OPACITY_MICROMAP_EXT);
                self.m.exts.insert("SPV_EXT_opacity_micromap");
            }
        }
    }

    /// Whether a hit-object operation is the EXT one: its hit object (source 0) is a
    /// `hitObjectEXT`, or a `reorder_thread` marked `base` 1.
    fn hit_object_is_ext(&self, x: &IntrinsicInstr) -> bool {
        if x.op == Intrinsic::ReorderThread {
            return x.index(IndexKind::Base) == Some(1);
        }
        x.srcs
            .first()
            .and_then(|&s| super::vendor::deref_ty(self.f, s))
            .is_some_and(|t| {
                matches!(self.m.shader.types.get(t), fresnel_ir::Type::Opaque(n) if n == "hitObjectEXT")
            })
    }

    fn hit_object_cap(&mut self, ext: bool) {
        if ext {
            self.m.cap(ext::cap::SHADER_INVOCATION_REORDER_EXT);
            self.m.exts.insert("SPV_EXT_shader_invocation_reorder");
        } else {
            self.m.cap(ext::cap::SHADER_INVOCATION_REORDER_NV);
            self.m.exts.insert("SPV_NV_shader_invocation_reorder");
        }
    }

    /// The NV and EXT hit-object instructions; `Ok(false)` for others.
    fn emit_hit_object(&mut self, x: &IntrinsicInstr) -> Result<bool> {
        let is_ext = self.hit_object_is_ext(x);
        let which = if is_ext { "EXT" } else { "NV" };
        if x.op == Intrinsic::HitObjectLoad {
            self.hit_object_cap(is_ext);
            let base = x.index(IndexKind::Base).unwrap_or(-1);
            let comp = x.index(IndexKind::Component).unwrap_or(0);
            let name = usize::try_from(base)
                .ok()
                .and_then(|b| fresnel_ir::intrinsic::HIT_OBJECT_VALUES.get(b))
                .map_or("?", |(n, _)| *n);
            let Some(v) = hit_object_value(name) else {
                return Err(SpirvError::new(format!(
                    "hit object value `{name}` is not supported in SPIR-V output yet"
                )));
            };
            let opc = if is_ext { v.ext } else { v.nv };
            if opc == 0 {
                return Err(SpirvError::new(format!(
                    "hit object value `{name}` has no SPIR-V instruction for {which} hit objects"
                )));
            }
            let (b, n, whole_form) = (v.base, v.comps, v.whole);
            let d = x
                .dest
                .ok_or_else(|| SpirvError::new("hit_object_load without a result"))?;
            let obj = self.ptr(x.srcs[0])?.0;
            let k = Kind::new(b, if b == BaseType::Bool { 1 } else { 32 }, n);
            if let Some((c, e)) = nv_geometry_cap(opc) {
                self.m.cap(c);
                self.m.exts.insert(e);
            }
            if opc == HO_TRIANGLE_VERTEX_POSITIONS_EXT {
                self.m.cap(ext::cap::RAY_TRACING_POSITION_FETCH_KHR);
                self.m.exts.insert("SPV_KHR_ray_tracing_position_fetch");
            }
            let id = if whole_form != Whole::One {
                let c = u32::try_from(comp).unwrap_or(u32::MAX);
                let parts = match whole_form {
                    Whole::Array(len) => len,
                    _ => 4,
                };
                if c >= parts {
                    return Err(SpirvError::new(format!(
                        "hit object value `{name}`: part {comp} out of range"
                    )));
                }
                // Once per block and hit-object state, as ray-query matrices.
                let local = self.f.deref_root_var(x.srcs[0]).is_some_and(|var| {
                    self.m.shader.vars[var].mode == fresnel_ir::VarMode::Function
                });
                if let Some(whole) = local.then(|| self.pure.get(opc, 0, &[obj])).flatten() {
                    let id = self.op1(super::op::COMPOSITE_EXTRACT, k, &[whole, c]);
                    self.set(d, id, k);
                    return Ok(true);
                }
                let col = self.m.kind_type(k);
                let mt = match whole_form {
                    Whole::Array(len) => self.whole_array_type(k, col, len)?,
                    _ => {
                        self.m.cap(super::cap::MATRIX);
                        let t = self.m.ty(super::op::TYPE_MATRIX, &[col, 4]);
                        self.m.elem.insert(t, col);
                        t
                    }
                };
                let whole = self.new_id();
                self.code.inst(opc, &[mt, whole, obj]);
                if local {
                    self.pure.insert(opc, 0, &[obj], whole);
                }
                self.op1(super::op::COMPOSITE_EXTRACT, k, &[whole, c])
            } else {
                self.op1(opc, k, &[obj])
            };
            self.set(d, id, k);
            return Ok(true);
        }
        let Some(op) = hit_object_op(x.op, is_ext) else {
            return Ok(false);
        };
        if op.opc == 0 {
            return Err(SpirvError::new(format!(
                "`{}` has no SPIR-V instruction for {which} hit objects",
                x.op
            )));
        }
        // The hit object may change: matrices read before are stale.
        self.pure.forget(is_hit_object_matrix_getter);
        self.hit_object_cap(is_ext);
        if x.srcs.len() < op.pattern.len() {
            return Err(SpirvError::new(format!("{} with too few sources", x.op)));
        }
        if matches!(
            x.op,
            Intrinsic::HitObjectTraceRay
                | Intrinsic::HitObjectTraceRayMotion
                | Intrinsic::HitObjectTraceReorderExecute
                | Intrinsic::HitObjectTraceMotionReorderExecute
        ) {
            // A trace: its ray flags follow the acceleration structure.
            self.note_ray_flags(x.srcs[2]);
        }
        let mut args = Vec::new();
        for (c, &s) in op.pattern.chars().zip(x.srcs.iter()) {
            match c {
                'p' => args.push(self.ptr(s)?.0),
                'a' => args.push(self.load_opaque(s)?),
                'u' => args.push(self.u32_src(s)?),
                'f' => args.push(self.f32_src(s, 1)?),
                'v' => args.push(self.f32_src(s, 3)?),
                _ => {}
            }
        }
        if op.payload_first && args.len() >= 3 {
            // (..., hint, bits, payload) -> (..., payload, hint, bits).
            let n = args.len();
            args[n - 3..].rotate_right(1);
        }
        // The EXT motion variants need no motion-blur capability (glslang's output).
        if op.motion && !is_ext {
            self.m.cap(ext::cap::RAY_TRACING_MOTION_BLUR_NV);
            self.m.exts.insert("SPV_NV_ray_tracing_motion_blur");
        }
        self.code.inst(op.opc, &args);
        Ok(true)
    }

    /// The array of `len` values of kind `k` (SPIR-V type `col`) a getter returns whole: the
    /// shader's own array type of them when it has one (the `out` array the values go to, a
    /// built-in's), so that the module declares it once as glslang does, else a new one.
    fn whole_array_type(&mut self, k: Kind, col: u32, len: u32) -> Result<u32> {
        let types = &self.m.shader.types;
        let own = types.iter().find_map(|(id, t)| match *t {
            fresnel_ir::Type::Array {
                elem,
                len: l,
                stride: 0,
            } if l == len
                && !types.has_spec_length(id)
                && matches!(*types.get(elem), fresnel_ir::Type::Vector { base, bits, components }
                    if base == k.base && bits == k.bits && components == k.comps) =>
            {
                Some(id)
            }
            _ => None,
        });
        if let Some(id) = own {
            let t = self.m.ir_type(id, false, None)?;
            if self.m.elem.get(&t) == Some(&col) {
                return Ok(t);
            }
        }
        let n = self.m.const_u32(len);
        let t = self.m.ty(super::op::TYPE_ARRAY, &[col, n]);
        self.m.elem.insert(t, col);
        Ok(t)
    }

    /// Loads an opaque value (acceleration structure) through its deref.
    fn load_opaque(&mut self, v: ValueId) -> Result<u32> {
        if let Val::Opaque(id) = self.vals[v.0 as usize] {
            return Ok(id);
        }
        let (pid, pointee, _, _, _) = self.ptr(v)?;
        let id = self.new_id();
        self.code.inst(super::op::LOAD, &[pointee, id, pid]);
        Ok(id)
    }

    fn u32_src(&mut self, v: ValueId) -> Result<u32> {
        self.prefix(v, 1, BaseType::Uint)
    }

    fn f32_src(&mut self, v: ValueId, n: u8) -> Result<u32> {
        self.prefix(v, n, BaseType::Float)
    }

    /// Ray-tracing, ray-query and mesh intrinsics; `Ok(false)` for others.
    pub(super) fn emit_stage_intrinsic(&mut self, x: &IntrinsicInstr) -> Result<bool> {
        use Intrinsic as I;
        let s = &x.srcs;
        if matches!(
            x.op,
            I::RqInitialize
                | I::RqProceed
                | I::RqTerminate
                | I::RqConfirmIntersection
                | I::RqGenerateIntersection
        ) {
            // The query changes: matrices read before are stale.
            self.pure.forget(is_rq_matrix_getter);
        }
        match x.op {
            I::TraceRay | I::TraceRayMotion => {
                let motion = x.op == I::TraceRayMotion;
                let need = if motion { 12 } else { 11 };
                if s.len() < need {
                    return Err(SpirvError::new("trace_ray with too few sources"));
                }
                self.note_ray_flags(s[1]);
                let mut args = vec![self.load_opaque(s[0])?];
                for &v in &s[1..6] {
                    args.push(self.u32_src(v)?);
                }
                args.push(self.f32_src(s[6], 3)?);
                args.push(self.f32_src(s[7], 1)?);
                args.push(self.f32_src(s[8], 3)?);
                args.push(self.f32_src(s[9], 1)?);
                if motion {
                    args.push(self.f32_src(s[10], 1)?);
                    self.m.cap(ext::cap::RAY_TRACING_MOTION_BLUR_NV);
                    self.m.exts.insert("SPV_NV_ray_tracing_motion_blur");
                }
                args.push(self.ptr(s[need - 1])?.0);
                let opc = if motion {
                    ext::op::TRACE_RAY_MOTION_NV
                } else {
                    ext::op::TRACE_RAY_KHR
                };
                self.code.inst(opc, &args);
            }
            I::ExecuteCallable => {
                let idx = self.u32_src(s[0])?;
                let data = self.ptr(s[1])?.0;
                self.code.inst(ext::op::EXECUTE_CALLABLE_KHR, &[idx, data]);
            }
            I::ReportRayIntersection => {
                let t = self.f32_src(s[0], 1)?;
                let kind = self.u32_src(s[1])?;
                let bk = Kind::new(BaseType::Bool, 1, 1);
                let id = self.op1(ext::op::REPORT_INTERSECTION_KHR, bk, &[t, kind]);
                if let Some(d) = x.dest {
                    self.set(d, id, bk);
                }
            }
            I::IgnoreRayIntersection | I::TerminateRay => {
                let opc = if x.op == I::IgnoreRayIntersection {
                    ext::op::IGNORE_INTERSECTION_KHR
                } else {
                    ext::op::TERMINATE_RAY_KHR
                };
                self.code.inst(opc, &[]);
                self.dead_block();
            }
            I::RqInitialize => {
                let q = self.ptr(s[0])?.0;
                let accel = self.load_opaque(s[1])?;
                self.note_ray_flags(s[2]);
                let flags = self.u32_src(s[2])?;
                let cull = self.u32_src(s[3])?;
                let origin = self.f32_src(s[4], 3)?;
                let tmin = self.f32_src(s[5], 1)?;
                let dir = self.f32_src(s[6], 3)?;
                let tmax = self.f32_src(s[7], 1)?;
                self.code.inst(
                    ext::op::RAY_QUERY_INITIALIZE_KHR,
                    &[q, accel, flags, cull, origin, tmin, dir, tmax],
                );
            }
            I::RqProceed => {
                let q = self.ptr(s[0])?.0;
                let bk = Kind::new(BaseType::Bool, 1, 1);
                let id = self.op1(ext::op::RAY_QUERY_PROCEED_KHR, bk, &[q]);
                if let Some(d) = x.dest {
                    self.set(d, id, bk);
                }
            }
            I::RqTerminate | I::RqConfirmIntersection => {
                let q = self.ptr(s[0])?.0;
                let opc = if x.op == I::RqTerminate {
                    ext::op::RAY_QUERY_TERMINATE_KHR
                } else {
                    ext::op::RAY_QUERY_CONFIRM_INTERSECTION_KHR
                };
                self.code.inst(opc, &[q]);
            }
            I::RqGenerateIntersection => {
                let q = self.ptr(s[0])?.0;
                let t = self.f32_src(s[1], 1)?;
                self.code
                    .inst(ext::op::RAY_QUERY_GENERATE_INTERSECTION_KHR, &[q, t]);
            }
            I::RqLoad => self.emit_rq_load(x)?,
            I::FetchMicroTriangleVertex => self.emit_fetch_micro_triangle_vertex(x)?,
            I::SetVertexAndPrimitiveCount => {
                let v = self.u32_src(s[0])?;
                let p = self.u32_src(s[1])?;
                self.code.inst(ext::op::SET_MESH_OUTPUTS_EXT, &[v, p]);
            }
            I::LaunchMeshWorkgroups => {
                let g = self.prefix(s[0], 3, BaseType::Uint)?;
                let k = Kind::new(BaseType::Uint, 32, 1);
                let mut ids = Vec::new();
                for c in 0..3u32 {
                    ids.push(self.op1(super::op::COMPOSITE_EXTRACT, k, &[g, c]));
                }
                // The task payload, when the shader declares one.
                let payload = self.m.shader.vars.iter().find_map(|(vid, v)| {
                    (v.ext_storage.as_deref() == Some("taskPayloadSharedEXT")).then_some(vid)
                });
                if let Some(p) = payload.and_then(|p| self.m.var_ids.get(&p).copied()) {
                    ids.push(p);
                }
                self.code.inst(ext::op::EMIT_MESH_TASKS_EXT, &ids);
                self.dead_block();
            }
            I::BeginInvocationInterlock | I::EndInvocationInterlock => {
                // The capability and extension come with the execution mode.
                let opc = if x.op == I::BeginInvocationInterlock {
                    ext::op::BEGIN_INVOCATION_INTERLOCK_EXT
                } else {
                    ext::op::END_INVOCATION_INTERLOCK_EXT
                };
                self.code.inst(opc, &[]);
            }
            _ => return self.emit_hit_object(x),
        }
        Ok(true)
    }

    fn emit_rq_load(&mut self, x: &IntrinsicInstr) -> Result<()> {
        let base = x.index(IndexKind::Base).unwrap_or(-1);
        let comp = x.index(IndexKind::Component).unwrap_or(0);
        let name = usize::try_from(base)
            .ok()
            .and_then(|b| fresnel_ir::intrinsic::RAY_QUERY_VALUES.get(b))
            .map_or("?", |(n, _)| *n);
        let Some(v) = rq_value(name) else {
            return Err(SpirvError::new(format!(
                "ray query value `{name}` is not supported in SPIR-V output yet"
            )));
        };
        let d = x
            .dest
            .ok_or_else(|| SpirvError::new("rq_load without a result"))?;
        let q = self.ptr(x.srcs[0])?.0;
        let mut args = vec![q];
        if v.intersection {
            let committed = match &self.vals[x.srcs[1].0 as usize] {
                &Val::Const(c) => self.consts[c as usize].first().copied().unwrap_or(0) != 0,
                _ => {
                    return Err(SpirvError::new(
                        "ray query: the `committed` argument must be a constant",
                    ))
                }
            };
            args.push(self.m.const_u32(u32::from(committed)));
        }
        let k = Kind::new(
            v.base,
            if v.base == BaseType::Bool { 1 } else { 32 },
            v.comps,
        );
        if let Some((c, e)) = nv_geometry_cap(v.opc) {
            self.m.cap(c);
            self.m.exts.insert(e);
        }
        let id = if v.matrix {
            let c = u32::try_from(comp).unwrap_or(u32::MAX);
            if c >= if v.array > 0 { v.array } else { 4 } {
                return Err(SpirvError::new(format!(
                    "ray query value `{name}`: part {comp} out of range"
                )));
            }
            // The whole matrix is read once per block and query state: each column of it
            // is an `rq_load` of its own in the IR. (Only for a query of this function:
            // a called function may change a global one.)
            let local = self
                .f
                .deref_root_var(x.srcs[0])
                .is_some_and(|var| self.m.shader.vars[var].mode == fresnel_ir::VarMode::Function);
            if let Some(whole) = local.then(|| self.pure.get(v.opc, 0, &args)).flatten() {
                let id = self.op1(super::op::COMPOSITE_EXTRACT, k, &[whole, c]);
                self.set(d, id, k);
                return Ok(());
            }
            let col = self.m.kind_type(k);
            let whole_t = if v.array > 0 {
                if v.opc == ext::op::RAY_QUERY_GET_INTERSECTION_TRIANGLE_VERTEX_POSITIONS_KHR {
                    self.m.cap(ext::cap::RAY_QUERY_POSITION_FETCH_KHR);
                    self.m.exts.insert("SPV_KHR_ray_tracing_position_fetch");
                }
                self.whole_array_type(k, col, v.array)?
            } else {
                self.m.cap(super::cap::MATRIX);
                let t = self.m.ty(super::op::TYPE_MATRIX, &[col, 4]);
                self.m.elem.insert(t, col);
                t
            };
            let whole = self.new_id();
            let mut ops = vec![whole_t, whole];
            ops.extend(&args);
            self.code.inst(v.opc, &ops);
            if local {
                self.pure.insert(v.opc, 0, &args, whole);
            }
            self.op1(super::op::COMPOSITE_EXTRACT, k, &[whole, c])
        } else {
            self.op1(v.opc, k, &args)
        };
        self.set(d, id, k);
        Ok(())
    }

    /// `fetchMicroTriangleVertex{Position,Barycentric}NV` (SPV_NV_displacement_micromap):
    /// `OpFetchMicroTriangleVertex{Position,Barycentric}NV` on the loaded acceleration
    /// structure, three 32-bit integer scalars and an `ivec2`.
    fn emit_fetch_micro_triangle_vertex(&mut self, x: &IntrinsicInstr) -> Result<()> {
        let s = &x.srcs;
        if s.len() < 5 {
            return Err(SpirvError::new(
                "fetch_micro_triangle_vertex with too few sources",
            ));
        }
        let d = x
            .dest
            .ok_or_else(|| SpirvError::new("fetch_micro_triangle_vertex without a result"))?;
        let position = x.index(IndexKind::Base).unwrap_or(0) == 0;
        let opc = if position {
            nv::FETCH_MICRO_TRIANGLE_VERTEX_POSITION
        } else {
            nv::FETCH_MICRO_TRIANGLE_VERTEX_BARYCENTRIC
        };
        if let Some((c, e)) = nv_geometry_cap(opc) {
            self.m.cap(c);
            self.m.exts.insert(e);
        }
        let mut args = vec![self.load_opaque(s[0])?];
        for &v in &s[1..4] {
            args.push(self.prefix(v, 1, BaseType::Int)?);
        }
        args.push(self.prefix(s[4], 2, BaseType::Int)?);
        let k = Kind::new(BaseType::Float, 32, if position { 3 } else { 2 });
        let id = self.op1(opc, k, &args);
        self.set(d, id, k);
        Ok(())
    }
}
