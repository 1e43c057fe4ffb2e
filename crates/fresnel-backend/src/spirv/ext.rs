//! SPIR-V numbers of the extensions (ray tracing, ray queries, mesh shaders, buffer
//! references, atomic floats, sparse residency, transform feedback, ...), from the SPIR-V
//! 1.6 unified specification and the extension specifications (SPV_KHR_ray_tracing,
//! SPV_KHR_ray_query, SPV_EXT_mesh_shader, SPV_KHR_physical_storage_buffer,
//! SPV_EXT_shader_atomic_float_add, SPV_EXT_shader_atomic_float_min_max, ...).

#![allow(dead_code)]

pub mod op {
    /// SPV_KHR_shader_ballot and SPV_KHR_subgroup_vote (subgroups before SPIR-V 1.3).
    pub const SUBGROUP_BALLOT_KHR: u16 = 4421;
    pub const SUBGROUP_FIRST_INVOCATION_KHR: u16 = 4422;
    pub const SUBGROUP_ALL_KHR: u16 = 4428;
    pub const SUBGROUP_ANY_KHR: u16 = 4429;
    pub const SUBGROUP_ALL_EQUAL_KHR: u16 = 4430;
    pub const SUBGROUP_READ_INVOCATION_KHR: u16 = 4432;
    pub const CONVERT_PTR_TO_U: u16 = 117;
    pub const CONVERT_U_TO_PTR: u16 = 120;
    pub const IMAGE_SPARSE_SAMPLE_IMPLICIT_LOD: u16 = 305;
    pub const IMAGE_SPARSE_SAMPLE_EXPLICIT_LOD: u16 = 306;
    pub const IMAGE_SPARSE_SAMPLE_DREF_IMPLICIT_LOD: u16 = 307;
    pub const IMAGE_SPARSE_SAMPLE_DREF_EXPLICIT_LOD: u16 = 308;
    pub const IMAGE_SPARSE_FETCH: u16 = 313;
    pub const IMAGE_SPARSE_GATHER: u16 = 314;
    pub const IMAGE_SPARSE_DREF_GATHER: u16 = 315;
    pub const IMAGE_SPARSE_TEXELS_RESIDENT: u16 = 316;
    pub const IMAGE_SPARSE_READ: u16 = 320;
    pub const TRACE_RAY_KHR: u16 = 4445;
    pub const EXECUTE_CALLABLE_KHR: u16 = 4446;
    pub const IGNORE_INTERSECTION_KHR: u16 = 4448;
    pub const TERMINATE_RAY_KHR: u16 = 4449;
    pub const TYPE_RAY_QUERY_KHR: u16 = 4472;
    pub const RAY_QUERY_INITIALIZE_KHR: u16 = 4473;
    pub const RAY_QUERY_TERMINATE_KHR: u16 = 4474;
    pub const RAY_QUERY_GENERATE_INTERSECTION_KHR: u16 = 4475;
    pub const RAY_QUERY_CONFIRM_INTERSECTION_KHR: u16 = 4476;
    pub const RAY_QUERY_PROCEED_KHR: u16 = 4477;
    pub const RAY_QUERY_GET_INTERSECTION_TYPE_KHR: u16 = 4479;
    pub const READ_CLOCK_KHR: u16 = 5056;
    pub const EMIT_MESH_TASKS_EXT: u16 = 5294;
    pub const SET_MESH_OUTPUTS_EXT: u16 = 5295;
    pub const REPORT_INTERSECTION_KHR: u16 = 5334;
    pub const TRACE_RAY_MOTION_NV: u16 = 5339;
    pub const RAY_QUERY_GET_INTERSECTION_TRIANGLE_VERTEX_POSITIONS_KHR: u16 = 5340;
    pub const TYPE_ACCELERATION_STRUCTURE_KHR: u16 = 5341;
    pub const ATOMIC_F_MIN_EXT: u16 = 5614;
    pub const ATOMIC_F_MAX_EXT: u16 = 5615;
    pub const ATOMIC_F_ADD_EXT: u16 = 6035;
    pub const BEGIN_INVOCATION_INTERLOCK_EXT: u16 = 5364;
    pub const END_INVOCATION_INTERLOCK_EXT: u16 = 5365;
}

pub mod cap {
    pub const SUBGROUP_BALLOT_KHR: u32 = 4423;
    pub const SUBGROUP_VOTE_KHR: u32 = 4431;
    pub const SPARSE_RESIDENCY: u32 = 41;
    pub const TRANSFORM_FEEDBACK: u32 = 53;
    pub const SHADER_CLOCK_KHR: u32 = 5055;
    pub const RAY_QUERY_KHR: u32 = 4472;
    pub const RAY_TRACING_KHR: u32 = 4479;
    pub const MESH_SHADING_EXT: u32 = 5283;
    pub const MESH_SHADING_NV: u32 = 5266;
    pub const SHADER_NON_UNIFORM: u32 = 5301;
    pub const RAY_TRACING_MOTION_BLUR_NV: u32 = 5341;
    pub const SHADER_INVOCATION_REORDER_NV: u32 = 5383;
    pub const SHADER_INVOCATION_REORDER_EXT: u32 = 5388;
    pub const PHYSICAL_STORAGE_BUFFER_ADDRESSES: u32 = 5347;
    pub const RAY_QUERY_POSITION_FETCH_KHR: u32 = 5391;
    pub const RAY_TRACING_POSITION_FETCH_KHR: u32 = 5336;
    pub const FRAGMENT_SHADER_PIXEL_INTERLOCK_EXT: u32 = 5378;
    pub const FRAGMENT_SHADER_SAMPLE_INTERLOCK_EXT: u32 = 5363;
    pub const FRAGMENT_SHADER_SHADING_RATE_INTERLOCK_EXT: u32 = 5372;
    pub const ATOMIC_FLOAT32_MIN_MAX_EXT: u32 = 5612;
    pub const ATOMIC_FLOAT64_MIN_MAX_EXT: u32 = 5613;
    pub const ATOMIC_FLOAT16_MIN_MAX_EXT: u32 = 5616;
    pub const ATOMIC_FLOAT32_ADD_EXT: u32 = 6033;
    pub const ATOMIC_FLOAT64_ADD_EXT: u32 = 6034;
    pub const ATOMIC_FLOAT16_ADD_EXT: u32 = 6095;
    pub const DISPLACEMENT_MICROMAP_NV: u32 = 5380;
    pub const RAY_TRACING_OPACITY_MICROMAP_EXT: u32 = 5381;
    pub const RAY_TRACING_DISPLACEMENT_MICROMAP_NV: u32 = 5409;
    pub const RAY_TRACING_SPHERES_GEOMETRY_NV: u32 = 5418;
    pub const RAY_TRACING_LINEAR_SWEPT_SPHERES_GEOMETRY_NV: u32 = 5419;
    pub const RAY_TRACING_CLUSTER_ACCELERATION_STRUCTURE_NV: u32 = 5437;
}

pub mod storage {
    pub const CALLABLE_DATA_KHR: u32 = 5328;
    pub const INCOMING_CALLABLE_DATA_KHR: u32 = 5329;
    pub const RAY_PAYLOAD_KHR: u32 = 5338;
    pub const HIT_ATTRIBUTE_KHR: u32 = 5339;
    pub const INCOMING_RAY_PAYLOAD_KHR: u32 = 5342;
    pub const SHADER_RECORD_BUFFER_KHR: u32 = 5343;
    pub const HIT_OBJECT_ATTRIBUTE_NV: u32 = 5385;
    pub const HIT_OBJECT_ATTRIBUTE_EXT: u32 = 5411;
    pub const TASK_PAYLOAD_WORKGROUP_EXT: u32 = 5402;
    /// SPV_EXT_shader_tile_image.
    pub const TILE_IMAGE_EXT: u32 = 4172;
}

pub mod model {
    pub const RAY_GENERATION_KHR: u32 = 5313;
    pub const INTERSECTION_KHR: u32 = 5314;
    pub const ANY_HIT_KHR: u32 = 5315;
    pub const CLOSEST_HIT_KHR: u32 = 5316;
    pub const MISS_KHR: u32 = 5317;
    pub const CALLABLE_KHR: u32 = 5318;
    pub const TASK_NV: u32 = 5267;
    pub const MESH_NV: u32 = 5268;
    pub const TASK_EXT: u32 = 5364;
    pub const MESH_EXT: u32 = 5365;
}

pub mod mode {
    pub const XFB: u32 = 11;
    pub const OUTPUT_POINTS: u32 = 27;
    pub const OUTPUT_LINES_EXT: u32 = 5269;
    pub const OUTPUT_PRIMITIVES_EXT: u32 = 5270;
    pub const OUTPUT_TRIANGLES_EXT: u32 = 5298;
    pub const PIXEL_INTERLOCK_ORDERED_EXT: u32 = 5366;
    pub const PIXEL_INTERLOCK_UNORDERED_EXT: u32 = 5367;
    pub const SAMPLE_INTERLOCK_ORDERED_EXT: u32 = 5368;
    pub const SAMPLE_INTERLOCK_UNORDERED_EXT: u32 = 5369;
    pub const SHADING_RATE_INTERLOCK_ORDERED_EXT: u32 = 5370;
    pub const SHADING_RATE_INTERLOCK_UNORDERED_EXT: u32 = 5371;
}

pub mod decor {
    pub const STREAM: u32 = 29;
    pub const XFB_BUFFER: u32 = 36;
    pub const XFB_STRIDE: u32 = 37;
    pub const PER_PRIMITIVE_EXT: u32 = 5271;
    pub const PER_VIEW_NV: u32 = 5272;
    pub const PER_TASK_NV: u32 = 5273;
    pub const NON_UNIFORM: u32 = 5300;
    pub const RESTRICT_POINTER: u32 = 5355;
    pub const ALIASED_POINTER: u32 = 5356;
}

/// `BuiltIn` values of extension built-ins by GLSL name (the ray-tracing ones for the
/// ray-tracing stages, in their KHR form).
pub fn builtin(name: &str) -> Option<(u32, Option<(u32, &'static str)>)> {
    const CLUSTER: &str = "SPV_NV_cluster_acceleration_structure";
    const LSS: &str = "SPV_NV_linear_swept_spheres";
    const DMM: &str = "SPV_NV_displacement_micromap";
    // (built-in, optional (capability, extension) it needs beyond the stage's).
    let strip = name
        .strip_suffix("EXT")
        .or_else(|| name.strip_suffix("NV"))
        .or_else(|| name.strip_suffix("KHR"))
        .unwrap_or(name);
    Some(match strip {
        "gl_LaunchID" => (5319, None),
        "gl_LaunchSize" => (5320, None),
        "gl_WorldRayOrigin" => (5321, None),
        "gl_WorldRayDirection" => (5322, None),
        "gl_ObjectRayOrigin" => (5323, None),
        "gl_ObjectRayDirection" => (5324, None),
        "gl_RayTmin" => (5325, None),
        "gl_RayTmax" | "gl_HitT" => (5326, None),
        "gl_InstanceCustomIndex" => (5327, None),
        "gl_ObjectToWorld" | "gl_ObjectToWorld3x4" => (5330, None),
        "gl_WorldToObject" | "gl_WorldToObject3x4" => (5331, None),
        "gl_HitKind" => (5333, None),
        "gl_CurrentRayTime" => (5334, Some((5341, "SPV_NV_ray_tracing_motion_blur"))),
        "gl_IncomingRayFlags" => (5351, None),
        "gl_CullMask" => (6021, Some((6020, "SPV_KHR_ray_cull_mask"))),
        "gl_GeometryIndex" => (5352, None),
        "gl_HitTriangleVertexPositions" => {
            (5335, Some((5336, "SPV_KHR_ray_tracing_position_fetch")))
        }
        // GL_NV_cluster_acceleration_structure, GL_NV_linear_swept_spheres,
        // GL_NV_displacement_micromap (NV suffix stripped above).
        "gl_ClusterID" => (
            5436,
            Some((cap::RAY_TRACING_CLUSTER_ACCELERATION_STRUCTURE_NV, CLUSTER)),
        ),
        "gl_HitSpherePosition" => (5361, Some((cap::RAY_TRACING_SPHERES_GEOMETRY_NV, LSS))),
        "gl_HitSphereRadius" => (5420, Some((cap::RAY_TRACING_SPHERES_GEOMETRY_NV, LSS))),
        "gl_HitIsSphere" => (5359, Some((cap::RAY_TRACING_SPHERES_GEOMETRY_NV, LSS))),
        "gl_HitLSSPositions" => (
            5396,
            Some((cap::RAY_TRACING_LINEAR_SWEPT_SPHERES_GEOMETRY_NV, LSS)),
        ),
        "gl_HitLSSRadii" => (
            5421,
            Some((cap::RAY_TRACING_LINEAR_SWEPT_SPHERES_GEOMETRY_NV, LSS)),
        ),
        "gl_HitIsLSS" => (
            5360,
            Some((cap::RAY_TRACING_LINEAR_SWEPT_SPHERES_GEOMETRY_NV, LSS)),
        ),
        "gl_HitMicroTriangleVertexPositions" => {
            (5337, Some((cap::RAY_TRACING_DISPLACEMENT_MICROMAP_NV, DMM)))
        }
        "gl_HitMicroTriangleVertexBarycentrics" => {
            (5344, Some((cap::RAY_TRACING_DISPLACEMENT_MICROMAP_NV, DMM)))
        }
        "gl_HitKindFrontFacingMicroTriangle" => {
            (5405, Some((cap::RAY_TRACING_DISPLACEMENT_MICROMAP_NV, DMM)))
        }
        "gl_HitKindBackFacingMicroTriangle" => {
            (5406, Some((cap::RAY_TRACING_DISPLACEMENT_MICROMAP_NV, DMM)))
        }
        "gl_PrimitivePointIndices" => (5294, None),
        "gl_PrimitiveLineIndices" => (5295, None),
        "gl_PrimitiveTriangleIndices" => (5296, None),
        "gl_CullPrimitive" => (5299, None),
        // GL_NV_mesh_shader (the stage gives MeshShadingNV).
        "gl_TaskCount" => (5274, None),
        "gl_PrimitiveCount" => (5275, None),
        "gl_PrimitiveIndices" => (5276, None),
        "gl_ClipDistancePerView" => (5277, None),
        "gl_CullDistancePerView" => (5278, None),
        "gl_LayerPerView" => (5279, None),
        "gl_MeshViewCount" => (5280, None),
        "gl_MeshViewIndices" => (5281, None),
        "gl_FragStencilRefARB" | "gl_FragStencilRef" => {
            (5014, Some((5013, "SPV_EXT_shader_stencil_export")))
        }
        "gl_BaryCoord" => (5286, Some((5284, "SPV_KHR_fragment_shader_barycentric"))),
        "gl_BaryCoordNoPersp" => (5287, Some((5284, "SPV_KHR_fragment_shader_barycentric"))),
        "gl_FragSize" => (5292, Some((5291, "SPV_EXT_fragment_invocation_density"))),
        "gl_FragmentSize" => (5292, Some((5291, "SPV_NV_shading_rate"))),
        "gl_InvocationsPerPixel" => (5293, Some((5291, "SPV_NV_shading_rate"))),
        "gl_ViewportMask" => (5253, Some((5255, "SPV_NV_viewport_array2"))),
        "gl_SecondaryPosition" => (5257, Some((5259, "SPV_NV_stereo_view_rendering"))),
        "gl_SecondaryViewportMask" => (5258, Some((5259, "SPV_NV_stereo_view_rendering"))),
        "gl_PositionPerView" => (5261, Some((5260, "SPV_NVX_multiview_per_view_attributes"))),
        "gl_ViewportMaskPerView" => (5262, Some((5260, "SPV_NVX_multiview_per_view_attributes"))),
        "gl_FragInvocationCount" => (5293, Some((5291, "SPV_EXT_fragment_invocation_density"))),
        "gl_FragFullyCovered" => (5264, Some((5265, "SPV_EXT_fragment_fully_covered"))),
        "gl_PrimitiveShadingRate" => (4432, Some((4422, "SPV_KHR_fragment_shading_rate"))),
        "gl_ShadingRate" => (4444, Some((4422, "SPV_KHR_fragment_shading_rate"))),
        "gl_WarpsPerSM" => (5374, Some((5373, "SPV_NV_shader_sm_builtins"))),
        "gl_SMCount" => (5375, Some((5373, "SPV_NV_shader_sm_builtins"))),
        "gl_WarpID" => (5376, Some((5373, "SPV_NV_shader_sm_builtins"))),
        "gl_SMID" => (5377, Some((5373, "SPV_NV_shader_sm_builtins"))),
        // GL_ARB_shader_ballot (written for SPIR-V 1.3, see `target::needs`).
        "gl_SubGroupSizeARB" => (36, Some((4423, "SPV_KHR_shader_ballot"))),
        "gl_SubGroupInvocationARB" => (41, Some((4423, "SPV_KHR_shader_ballot"))),
        "gl_SubGroupEqMaskARB" => (4416, Some((4423, "SPV_KHR_shader_ballot"))),
        "gl_SubGroupGeMaskARB" => (4417, Some((4423, "SPV_KHR_shader_ballot"))),
        "gl_SubGroupGtMaskARB" => (4418, Some((4423, "SPV_KHR_shader_ballot"))),
        "gl_SubGroupLeMaskARB" => (4419, Some((4423, "SPV_KHR_shader_ballot"))),
        "gl_SubGroupLtMaskARB" => (4420, Some((4423, "SPV_KHR_shader_ballot"))),
        "gl_CoreIDARM" => (4160, Some((4165, "SPV_ARM_core_builtins"))),
        "gl_CoreCountARM" => (4161, Some((4165, "SPV_ARM_core_builtins"))),
        "gl_CoreMaxIDARM" => (4162, Some((4165, "SPV_ARM_core_builtins"))),
        "gl_WarpIDARM" => (4163, Some((4165, "SPV_ARM_core_builtins"))),
        "gl_WarpMaxIDARM" => (4164, Some((4165, "SPV_ARM_core_builtins"))),
        _ => return None,
    })
}
