//! The SPIR-V numbers this back end uses (opcodes, enumerants, GLSL.std.450), from the
//! SPIR-V 1.6 and GLSL.std.450 specifications.

#![allow(dead_code)]

pub mod op {
    pub const UNDEF: u16 = 1;
    pub const NAME: u16 = 5;
    pub const MEMBER_NAME: u16 = 6;
    pub const EXTENSION: u16 = 10;
    pub const EXT_INST_IMPORT: u16 = 11;
    pub const EXT_INST: u16 = 12;
    pub const MEMORY_MODEL: u16 = 14;
    pub const ENTRY_POINT: u16 = 15;
    pub const EXECUTION_MODE: u16 = 16;
    pub const EXECUTION_MODE_ID: u16 = 331;
    pub const CAPABILITY: u16 = 17;
    pub const TYPE_VOID: u16 = 19;
    pub const TYPE_BOOL: u16 = 20;
    pub const TYPE_INT: u16 = 21;
    pub const TYPE_FLOAT: u16 = 22;
    pub const TYPE_VECTOR: u16 = 23;
    pub const TYPE_MATRIX: u16 = 24;
    pub const TYPE_IMAGE: u16 = 25;
    pub const TYPE_SAMPLER: u16 = 26;
    pub const TYPE_SAMPLED_IMAGE: u16 = 27;
    pub const TYPE_ARRAY: u16 = 28;
    pub const TYPE_RUNTIME_ARRAY: u16 = 29;
    pub const TYPE_STRUCT: u16 = 30;
    pub const TYPE_POINTER: u16 = 32;
    pub const TYPE_FUNCTION: u16 = 33;
    pub const CONSTANT_TRUE: u16 = 41;
    pub const CONSTANT_FALSE: u16 = 42;
    pub const CONSTANT: u16 = 43;
    pub const CONSTANT_COMPOSITE: u16 = 44;
    pub const SPEC_CONSTANT_TRUE: u16 = 48;
    pub const SPEC_CONSTANT_FALSE: u16 = 49;
    pub const SPEC_CONSTANT: u16 = 50;
    pub const SPEC_CONSTANT_COMPOSITE: u16 = 51;
    pub const FUNCTION: u16 = 54;
    pub const FUNCTION_PARAMETER: u16 = 55;
    pub const FUNCTION_END: u16 = 56;
    pub const FUNCTION_CALL: u16 = 57;
    pub const VARIABLE: u16 = 59;
    pub const IMAGE_TEXEL_POINTER: u16 = 60;
    pub const LOAD: u16 = 61;
    pub const STORE: u16 = 62;
    pub const COPY_MEMORY: u16 = 63;
    pub const ACCESS_CHAIN: u16 = 65;
    pub const ARRAY_LENGTH: u16 = 68;
    pub const DECORATE: u16 = 71;
    pub const MEMBER_DECORATE: u16 = 72;
    pub const VECTOR_SHUFFLE: u16 = 79;
    pub const COMPOSITE_CONSTRUCT: u16 = 80;
    pub const COMPOSITE_EXTRACT: u16 = 81;
    pub const COMPOSITE_INSERT: u16 = 82;
    pub const IMAGE_SAMPLE_IMPLICIT_LOD: u16 = 87;
    pub const IMAGE_SAMPLE_EXPLICIT_LOD: u16 = 88;
    pub const IMAGE_SAMPLE_DREF_IMPLICIT_LOD: u16 = 89;
    pub const IMAGE_SAMPLE_DREF_EXPLICIT_LOD: u16 = 90;
    pub const IMAGE_FETCH: u16 = 95;
    pub const IMAGE_GATHER: u16 = 96;
    pub const IMAGE_DREF_GATHER: u16 = 97;
    pub const IMAGE_READ: u16 = 98;
    pub const IMAGE_WRITE: u16 = 99;
    pub const SAMPLED_IMAGE: u16 = 86;
    pub const IMAGE: u16 = 100;
    pub const IMAGE_QUERY_SIZE_LOD: u16 = 103;
    pub const IMAGE_QUERY_SIZE: u16 = 104;
    pub const IMAGE_QUERY_LOD: u16 = 105;
    pub const IMAGE_QUERY_LEVELS: u16 = 106;
    pub const IMAGE_QUERY_SAMPLES: u16 = 107;
    pub const CONVERT_F_TO_U: u16 = 109;
    pub const CONVERT_F_TO_S: u16 = 110;
    pub const CONVERT_S_TO_F: u16 = 111;
    pub const CONVERT_U_TO_F: u16 = 112;
    pub const U_CONVERT: u16 = 113;
    pub const S_CONVERT: u16 = 114;
    pub const F_CONVERT: u16 = 115;
    pub const QUANTIZE_TO_F16: u16 = 116;
    pub const BITCAST: u16 = 124;
    pub const S_NEGATE: u16 = 126;
    pub const F_NEGATE: u16 = 127;
    pub const I_ADD: u16 = 128;
    pub const F_ADD: u16 = 129;
    pub const I_SUB: u16 = 130;
    pub const F_SUB: u16 = 131;
    pub const I_MUL: u16 = 132;
    pub const F_MUL: u16 = 133;
    pub const U_DIV: u16 = 134;
    pub const S_DIV: u16 = 135;
    pub const F_DIV: u16 = 136;
    pub const U_MOD: u16 = 137;
    pub const S_REM: u16 = 138;
    pub const F_MOD: u16 = 141;
    pub const DOT: u16 = 148;
    pub const I_ADD_CARRY: u16 = 149;
    pub const I_SUB_BORROW: u16 = 150;
    pub const U_MUL_EXTENDED: u16 = 151;
    pub const S_MUL_EXTENDED: u16 = 152;
    pub const ANY: u16 = 154;
    pub const ALL: u16 = 155;
    pub const IS_NAN: u16 = 156;
    pub const IS_INF: u16 = 157;
    pub const LOGICAL_EQUAL: u16 = 164;
    pub const LOGICAL_NOT_EQUAL: u16 = 165;
    pub const LOGICAL_OR: u16 = 166;
    pub const LOGICAL_AND: u16 = 167;
    pub const LOGICAL_NOT: u16 = 168;
    pub const SELECT: u16 = 169;
    pub const I_EQUAL: u16 = 170;
    pub const I_NOT_EQUAL: u16 = 171;
    pub const U_GREATER_THAN_EQUAL: u16 = 174;
    pub const S_GREATER_THAN_EQUAL: u16 = 175;
    pub const U_LESS_THAN: u16 = 176;
    pub const S_LESS_THAN: u16 = 177;
    pub const F_ORD_EQUAL: u16 = 180;
    pub const F_UNORD_NOT_EQUAL: u16 = 183;
    pub const F_ORD_LESS_THAN: u16 = 184;
    pub const F_ORD_GREATER_THAN_EQUAL: u16 = 190;
    pub const SHIFT_RIGHT_LOGICAL: u16 = 194;
    pub const SHIFT_RIGHT_ARITHMETIC: u16 = 195;
    pub const SHIFT_LEFT_LOGICAL: u16 = 196;
    pub const BITWISE_OR: u16 = 197;
    pub const BITWISE_XOR: u16 = 198;
    pub const BITWISE_AND: u16 = 199;
    pub const NOT: u16 = 200;
    pub const BIT_FIELD_INSERT: u16 = 201;
    pub const BIT_FIELD_S_EXTRACT: u16 = 202;
    pub const BIT_FIELD_U_EXTRACT: u16 = 203;
    pub const BIT_REVERSE: u16 = 204;
    pub const BIT_COUNT: u16 = 205;
    pub const DPDX: u16 = 207;
    pub const DPDY: u16 = 208;
    pub const DPDX_FINE: u16 = 210;
    pub const DPDY_FINE: u16 = 211;
    pub const DPDX_COARSE: u16 = 213;
    pub const DPDY_COARSE: u16 = 214;
    pub const EMIT_VERTEX: u16 = 218;
    pub const END_PRIMITIVE: u16 = 219;
    pub const EMIT_STREAM_VERTEX: u16 = 220;
    pub const END_STREAM_PRIMITIVE: u16 = 221;
    pub const CONTROL_BARRIER: u16 = 224;
    pub const MEMORY_BARRIER: u16 = 225;
    pub const ATOMIC_LOAD: u16 = 227;
    pub const ATOMIC_STORE: u16 = 228;
    pub const ATOMIC_EXCHANGE: u16 = 229;
    pub const ATOMIC_COMPARE_EXCHANGE: u16 = 230;
    pub const ATOMIC_I_INCREMENT: u16 = 232;
    pub const ATOMIC_I_DECREMENT: u16 = 233;
    pub const ATOMIC_I_ADD: u16 = 234;
    pub const ATOMIC_S_MIN: u16 = 236;
    pub const ATOMIC_U_MIN: u16 = 237;
    pub const ATOMIC_S_MAX: u16 = 238;
    pub const ATOMIC_U_MAX: u16 = 239;
    pub const ATOMIC_AND: u16 = 240;
    pub const ATOMIC_OR: u16 = 241;
    pub const ATOMIC_XOR: u16 = 242;
    pub const PHI: u16 = 245;
    pub const LOOP_MERGE: u16 = 246;
    pub const SELECTION_MERGE: u16 = 247;
    pub const LABEL: u16 = 248;
    pub const BRANCH: u16 = 249;
    pub const BRANCH_CONDITIONAL: u16 = 250;
    pub const KILL: u16 = 252;
    pub const RETURN: u16 = 253;
    pub const RETURN_VALUE: u16 = 254;
    pub const UNREACHABLE: u16 = 255;
    pub const TERMINATE_INVOCATION: u16 = 4416;
    pub const DEMOTE_TO_HELPER_INVOCATION: u16 = 5380;
    pub const GROUP_NON_UNIFORM_ELECT: u16 = 333;
    pub const GROUP_NON_UNIFORM_ALL: u16 = 334;
    pub const GROUP_NON_UNIFORM_ANY: u16 = 335;
    pub const GROUP_NON_UNIFORM_ALL_EQUAL: u16 = 336;
    pub const GROUP_NON_UNIFORM_BROADCAST: u16 = 337;
    pub const GROUP_NON_UNIFORM_BROADCAST_FIRST: u16 = 338;
    pub const GROUP_NON_UNIFORM_BALLOT: u16 = 339;
    pub const GROUP_NON_UNIFORM_SHUFFLE: u16 = 345;
    pub const GROUP_NON_UNIFORM_PARTITION_NV: u16 = 5296;
    pub const IS_HELPER_INVOCATION: u16 = 5381;
}

/// GLSL.std.450 extended instructions.
pub mod glsl {
    pub const ROUND_EVEN: u32 = 2;
    pub const TRUNC: u32 = 3;
    pub const F_ABS: u32 = 4;
    pub const S_ABS: u32 = 5;
    pub const F_SIGN: u32 = 6;
    pub const S_SIGN: u32 = 7;
    pub const FLOOR: u32 = 8;
    pub const CEIL: u32 = 9;
    pub const FRACT: u32 = 10;
    pub const SIN: u32 = 13;
    pub const COS: u32 = 14;
    pub const TAN: u32 = 15;
    pub const ASIN: u32 = 16;
    pub const ACOS: u32 = 17;
    pub const ATAN: u32 = 18;
    pub const SINH: u32 = 19;
    pub const COSH: u32 = 20;
    pub const TANH: u32 = 21;
    pub const ASINH: u32 = 22;
    pub const ACOSH: u32 = 23;
    pub const ATANH: u32 = 24;
    pub const ATAN2: u32 = 25;
    pub const POW: u32 = 26;
    pub const EXP: u32 = 27;
    pub const LOG: u32 = 28;
    pub const EXP2: u32 = 29;
    pub const LOG2: u32 = 30;
    pub const SQRT: u32 = 31;
    pub const INVERSE_SQRT: u32 = 32;
    pub const F_MIN: u32 = 37;
    pub const U_MIN: u32 = 38;
    pub const S_MIN: u32 = 39;
    pub const F_MAX: u32 = 40;
    pub const U_MAX: u32 = 41;
    pub const S_MAX: u32 = 42;
    pub const F_CLAMP: u32 = 43;
    pub const F_MIX: u32 = 46;
    pub const STEP: u32 = 48;
    pub const FMA: u32 = 50;
    pub const FREXP_STRUCT: u32 = 52;
    pub const LDEXP: u32 = 53;
    pub const PACK_SNORM_4X8: u32 = 54;
    pub const PACK_UNORM_4X8: u32 = 55;
    pub const PACK_SNORM_2X16: u32 = 56;
    pub const PACK_UNORM_2X16: u32 = 57;
    pub const PACK_HALF_2X16: u32 = 58;
    pub const UNPACK_SNORM_2X16: u32 = 60;
    pub const UNPACK_UNORM_2X16: u32 = 61;
    pub const UNPACK_HALF_2X16: u32 = 62;
    pub const UNPACK_SNORM_4X8: u32 = 63;
    pub const UNPACK_UNORM_4X8: u32 = 64;
    pub const FIND_I_LSB: u32 = 73;
    pub const FIND_S_MSB: u32 = 74;
    pub const FIND_U_MSB: u32 = 75;
    pub const INTERPOLATE_AT_CENTROID: u32 = 76;
    pub const INTERPOLATE_AT_SAMPLE: u32 = 77;
    pub const INTERPOLATE_AT_OFFSET: u32 = 78;
}

pub mod cap {
    pub const MATRIX: u32 = 0;
    pub const SHADER: u32 = 1;
    pub const GEOMETRY: u32 = 2;
    pub const LINKAGE: u32 = 5;
    pub const TESSELLATION: u32 = 3;
    pub const FLOAT16: u32 = 9;
    pub const FLOAT64: u32 = 10;
    pub const INT64: u32 = 11;
    pub const INT64_ATOMICS: u32 = 12;
    pub const ATOMIC_STORAGE: u32 = 21;
    pub const INT16: u32 = 22;
    pub const IMAGE_GATHER_EXTENDED: u32 = 25;
    pub const STORAGE_IMAGE_MULTISAMPLE: u32 = 27;
    pub const CLIP_DISTANCE: u32 = 32;
    pub const CULL_DISTANCE: u32 = 33;
    pub const IMAGE_CUBE_ARRAY: u32 = 34;
    pub const SAMPLE_RATE_SHADING: u32 = 35;
    pub const IMAGE_RECT: u32 = 36;
    pub const SAMPLED_RECT: u32 = 37;
    pub const INT8: u32 = 39;
    pub const INPUT_ATTACHMENT: u32 = 40;
    pub const MIN_LOD: u32 = 42;
    pub const SAMPLED_1D: u32 = 43;
    pub const IMAGE_1D: u32 = 44;
    pub const SAMPLED_CUBE_ARRAY: u32 = 45;
    pub const SAMPLED_BUFFER: u32 = 46;
    pub const IMAGE_BUFFER: u32 = 47;
    pub const IMAGE_MS_ARRAY: u32 = 48;
    pub const STORAGE_IMAGE_EXTENDED_FORMATS: u32 = 49;
    pub const IMAGE_QUERY: u32 = 50;
    pub const DERIVATIVE_CONTROL: u32 = 51;
    pub const INTERPOLATION_FUNCTION: u32 = 52;
    pub const GEOMETRY_STREAMS: u32 = 54;
    pub const STORAGE_IMAGE_READ_WITHOUT_FORMAT: u32 = 55;
    pub const STORAGE_IMAGE_WRITE_WITHOUT_FORMAT: u32 = 56;
    pub const MULTI_VIEWPORT: u32 = 57;
    pub const DRAW_PARAMETERS: u32 = 4427;
    pub const DEMOTE_TO_HELPER_INVOCATION: u32 = 5379;
    pub const INT64_IMAGE: u32 = 5016;
    pub const RUNTIME_DESCRIPTOR_ARRAY: u32 = 5302;
    pub const GROUP_NON_UNIFORM: u32 = 61;
    pub const GROUP_NON_UNIFORM_VOTE: u32 = 62;
    pub const GROUP_NON_UNIFORM_ARITHMETIC: u32 = 63;
    pub const GROUP_NON_UNIFORM_BALLOT: u32 = 64;
    pub const GROUP_NON_UNIFORM_SHUFFLE: u32 = 65;
    pub const GROUP_NON_UNIFORM_CLUSTERED: u32 = 67;
    pub const GROUP_NON_UNIFORM_PARTITIONED_NV: u32 = 5297;
    pub const DEVICE_GROUP: u32 = 4437;
    pub const MULTI_VIEW: u32 = 4439;
}

pub mod decor {
    pub const RELAXED_PRECISION: u32 = 0;
    pub const SPEC_ID: u32 = 1;
    pub const BLOCK: u32 = 2;
    pub const BUFFER_BLOCK: u32 = 3;
    pub const ROW_MAJOR: u32 = 4;
    pub const COL_MAJOR: u32 = 5;
    pub const ARRAY_STRIDE: u32 = 6;
    pub const MATRIX_STRIDE: u32 = 7;
    pub const BUILT_IN: u32 = 11;
    pub const NO_PERSPECTIVE: u32 = 13;
    pub const FLAT: u32 = 14;
    pub const PATCH: u32 = 15;
    pub const CENTROID: u32 = 16;
    pub const SAMPLE: u32 = 17;
    pub const INVARIANT: u32 = 18;
    pub const RESTRICT: u32 = 19;
    pub const VOLATILE: u32 = 21;
    pub const COHERENT: u32 = 23;
    pub const NON_WRITABLE: u32 = 24;
    pub const NON_READABLE: u32 = 25;
    pub const LOCATION: u32 = 30;
    pub const COMPONENT: u32 = 31;
    pub const INDEX: u32 = 32;
    pub const BINDING: u32 = 33;
    pub const DESCRIPTOR_SET: u32 = 34;
    pub const OFFSET: u32 = 35;
    pub const NO_CONTRACTION: u32 = 42;
    pub const INPUT_ATTACHMENT_INDEX: u32 = 43;
}

pub mod storage {
    pub const UNIFORM_CONSTANT: u32 = 0;
    pub const INPUT: u32 = 1;
    pub const UNIFORM: u32 = 2;
    pub const OUTPUT: u32 = 3;
    pub const WORKGROUP: u32 = 4;
    pub const PRIVATE: u32 = 6;
    pub const FUNCTION: u32 = 7;
    pub const PUSH_CONSTANT: u32 = 9;
    pub const ATOMIC_COUNTER: u32 = 10;
    pub const STORAGE_BUFFER: u32 = 12;
    /// GL_EXT_buffer_reference (SPV_KHR_physical_storage_buffer).
    pub const PHYSICAL_STORAGE_BUFFER: u32 = 5349;
}

pub mod mode {
    pub const INVOCATIONS: u32 = 0;
    pub const SPACING_EQUAL: u32 = 1;
    pub const SPACING_FRACTIONAL_EVEN: u32 = 2;
    pub const SPACING_FRACTIONAL_ODD: u32 = 3;
    pub const VERTEX_ORDER_CW: u32 = 4;
    pub const VERTEX_ORDER_CCW: u32 = 5;
    pub const PIXEL_CENTER_INTEGER: u32 = 6;
    pub const ORIGIN_UPPER_LEFT: u32 = 7;
    pub const ORIGIN_LOWER_LEFT: u32 = 8;
    pub const EARLY_FRAGMENT_TESTS: u32 = 9;
    pub const POINT_MODE: u32 = 10;
    pub const DEPTH_REPLACING: u32 = 12;
    pub const DEPTH_GREATER: u32 = 14;
    pub const DEPTH_LESS: u32 = 15;
    pub const DEPTH_UNCHANGED: u32 = 16;
    pub const LOCAL_SIZE: u32 = 17;
    pub const INPUT_POINTS: u32 = 19;
    pub const INPUT_LINES: u32 = 20;
    pub const INPUT_LINES_ADJACENCY: u32 = 21;
    pub const TRIANGLES: u32 = 22;
    pub const INPUT_TRIANGLES_ADJACENCY: u32 = 23;
    pub const QUADS: u32 = 24;
    pub const ISOLINES: u32 = 25;
    pub const OUTPUT_VERTICES: u32 = 26;
    pub const OUTPUT_POINTS: u32 = 27;
    pub const OUTPUT_LINE_STRIP: u32 = 28;
    pub const OUTPUT_TRIANGLE_STRIP: u32 = 29;
}

/// Image operand mask bits.
pub mod image_operands {
    pub const BIAS: u32 = 0x1;
    pub const LOD: u32 = 0x2;
    pub const GRAD: u32 = 0x4;
    pub const CONST_OFFSET: u32 = 0x8;
    pub const OFFSET: u32 = 0x10;
    pub const SAMPLE: u32 = 0x40;
    pub const MIN_LOD: u32 = 0x80;
}

/// `BuiltIn` decoration values by GLSL name. `vulkan` chooses `VertexIndex`/`InstanceIndex`
/// for `gl_VertexID`/`gl_InstanceID`.
pub fn builtin(name: &str, vulkan: bool) -> Option<u32> {
    Some(match name {
        "gl_Position" => 0,
        "gl_PointSize" => 1,
        "gl_ClipDistance" => 3,
        "gl_CullDistance" => 4,
        "gl_VertexID" => {
            if vulkan {
                42
            } else {
                5
            }
        }
        "gl_InstanceID" | "gl_InstanceIDARB" | "gl_InstanceIDEXT" => {
            if vulkan {
                43
            } else {
                6
            }
        }
        "gl_PrimitiveID" | "gl_PrimitiveIDIn" => 7,
        "gl_InvocationID" => 8,
        "gl_Layer" => 9,
        "gl_ViewportIndex" => 10,
        "gl_TessLevelOuter" => 11,
        "gl_TessLevelInner" => 12,
        "gl_TessCoord" => 13,
        "gl_PatchVerticesIn" => 14,
        "gl_FragCoord" => 15,
        "gl_PointCoord" => 16,
        "gl_FrontFacing" => 17,
        "gl_SampleID" => 18,
        "gl_SamplePosition" => 19,
        "gl_SampleMask" | "gl_SampleMaskIn" => 20,
        "gl_FragDepth" | "gl_FragDepthEXT" => 22,
        "gl_HelperInvocation" => 23,
        "gl_NumWorkGroups" => 24,
        "gl_WorkGroupSize" => 25,
        "gl_WorkGroupID" => 26,
        "gl_LocalInvocationID" => 27,
        "gl_GlobalInvocationID" => 28,
        "gl_LocalInvocationIndex" => 29,
        "gl_VertexIndex" => 42,
        "gl_InstanceIndex" => 43,
        "gl_BaseVertex" | "gl_BaseVertexARB" => 4424,
        "gl_BaseInstance" | "gl_BaseInstanceARB" => 4425,
        "gl_DrawID" | "gl_DrawIDARB" => 4426,
        "gl_SubgroupSize" => 36,
        "gl_NumSubgroups" => 38,
        "gl_SubgroupID" => 40,
        "gl_SubgroupInvocationID" => 41,
        "gl_SubgroupEqMask" => 4416,
        "gl_SubgroupGeMask" => 4417,
        "gl_SubgroupGtMask" => 4418,
        "gl_SubgroupLeMask" => 4419,
        "gl_SubgroupLtMask" => 4420,
        "gl_DeviceIndex" => 4438,
        "gl_ViewIndex" | "gl_ViewID_OVR" => 4440,
        _ => return None,
    })
}

/// `Image Format` by GLSL layout name, and whether it needs StorageImageExtendedFormats.
pub fn image_format(name: &str) -> Option<(u32, bool)> {
    const TABLE: &[(&str, u32, bool)] = &[
        ("rgba32f", 1, false),
        ("rgba16f", 2, false),
        ("r32f", 3, false),
        ("rgba8", 4, false),
        ("rgba8_snorm", 5, false),
        ("rg32f", 6, true),
        ("rg16f", 7, true),
        ("r11f_g11f_b10f", 8, true),
        ("r16f", 9, true),
        ("rgba16", 10, true),
        ("rgb10_a2", 11, true),
        ("rg16", 12, true),
        ("rg8", 13, true),
        ("r16", 14, true),
        ("r8", 15, true),
        ("rgba16_snorm", 16, true),
        ("rg16_snorm", 17, true),
        ("rg8_snorm", 18, true),
        ("r16_snorm", 19, true),
        ("r8_snorm", 20, true),
        ("rgba32i", 21, false),
        ("rgba16i", 22, false),
        ("rgba8i", 23, false),
        ("r32i", 24, false),
        ("rg32i", 25, true),
        ("rg16i", 26, true),
        ("rg8i", 27, true),
        ("r16i", 28, true),
        ("r8i", 29, true),
        ("rgba32ui", 30, false),
        ("rgba16ui", 31, false),
        ("rgba8ui", 32, false),
        ("r32ui", 33, false),
        ("rgb10_a2ui", 34, true),
        ("rg32ui", 35, true),
        ("rg16ui", 36, true),
        ("rg8ui", 37, true),
        ("r16ui", 38, true),
        ("r8ui", 39, true),
        ("r64ui", 40, false),
        ("r64i", 41, false),
    ];
    TABLE
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|(_, f, e)| (*f, *e))
}

// ---- specialization constants in code (helper E, issue 5) ----

/// The `OpSpecConstant*` id decorated `SpecId constant_id`, or decorated `BuiltIn
/// WorkgroupSize` (`constant_id` `None`), found in the decorations written so far.
pub(crate) fn decorated_target(decorations: &[u32], d: u32, value: u32) -> Option<u32> {
    let mut i = 0;
    while i < decorations.len() {
        let count = (decorations[i] >> 16) as usize;
        let opc = (decorations[i] & 0xffff) as u16;
        if count == 0 || i + count > decorations.len() {
            return None;
        }
        let ops = &decorations[i + 1..i + count];
        if opc == op::DECORATE && ops.len() == 3 && ops[1] == d && ops[2] == value {
            return Some(ops[0]);
        }
        i += count;
    }
    None
}

impl super::func::FuncCx<'_, '_> {
    /// `load_spec_constant` (the value is the `OpSpecConstant*` of that `SpecId`, so code
    /// reads the specializable constant) and `load_workgroup_size` (the `WorkgroupSize`
    /// built-in `OpSpecConstantComposite`, or the declared size when no dimension is
    /// specializable).
    pub(crate) fn emit_spec_constant(
        &mut self,
        x: &fresnel_ir::IntrinsicInstr,
    ) -> super::Result<()> {
        use super::types::Kind;
        use fresnel_ir::BaseType;
        use fresnel_ir::{IndexKind, Intrinsic};
        let Some(dest) = x.dest else {
            return Ok(());
        };
        let (id, k) = match x.op {
            Intrinsic::LoadSpecConstant => {
                let cid = x.index(IndexKind::Base).unwrap_or(-1);
                let shader = self.m.shader;
                let sc = shader
                    .info
                    .spec_constants
                    .iter()
                    .find(|c| i64::from(c.id) == cid);
                let k = sc.and_then(|c| self.m.value_kind(c.ty));
                let found = sc.and_then(|c| {
                    decorated_target(&self.m.decorations.words, decor::SPEC_ID, c.id)
                });
                match (found, k) {
                    (Some(id), Some(k)) => (id, k),
                    _ => {
                        return Err(super::SpirvError::new(format!(
                            "specialization constant {cid} is not declared (only scalar specialization constants are supported)"
                        )))
                    }
                }
            }
            Intrinsic::LoadWorkgroupSize => {
                let k = Kind::new(BaseType::Uint, 32, 3);
                let found = decorated_target(
                    &self.m.decorations.words,
                    decor::BUILT_IN,
                    builtin_ids::WORKGROUP_SIZE,
                );
                let id = match found {
                    Some(id) => id,
                    None => {
                        let ls = self.m.shader.info.local_size.map(|x| u64::from(x.max(1)));
                        self.m.constant(k, &ls)
                    }
                };
                (id, k)
            }
            other => {
                return Err(super::SpirvError::new(format!(
                    "internal: `{}` is not a specialization constant read",
                    other.name()
                )))
            }
        };
        // Arithmetic on it is a specialization constant too (`spec_alu`).
        let e = match x.op {
            Intrinsic::LoadSpecConstant if k.comps == 1 => {
                let cid = x.index(IndexKind::Base).unwrap_or(-1);
                u32::try_from(cid)
                    .ok()
                    .map(|id| fresnel_ir::SpecExpr::SpecConstant {
                        id,
                        base: k.base,
                        bits: k.bits,
                    })
            }
            // The composite (when it is one); its components are read as
            // `SpecExpr::WorkgroupSize`.
            Intrinsic::LoadWorkgroupSize
                if decorated_target(
                    &self.m.decorations.words,
                    decor::BUILT_IN,
                    builtin_ids::WORKGROUP_SIZE,
                ) == Some(id) =>
            {
                Some(fresnel_ir::SpecExpr::WorkgroupSize(0))
            }
            _ => None,
        };
        if let Some(e) = e {
            self.m.spec_values.entry(id).or_insert(e);
        }
        self.vals[dest.0 as usize] = super::func::Val::Id(id, k);
        Ok(())
    }
}

/// `BuiltIn` values used by name here.
pub mod builtin_ids {
    pub const WORKGROUP_SIZE: u32 = 25;
}

// ---- arithmetic on specialization constants (issue 6) ----

/// Nodes a specialization-constant expression written for code may have (larger ones are
/// computed in the function body instead).
const MAX_CODE_SPEC_NODES: usize = 64;

/// `x` as the scalar integer type (`base`, `bits` of the same width), with the operations
/// `OpSpecConstantOp` allows: a constant is written in that type, a change of signedness
/// is `IAdd x, 0` (its result's signedness is free), as glslang writes it.
fn spec_as(x: fresnel_ir::SpecExpr, base: fresnel_ir::BaseType) -> Option<fresnel_ir::SpecExpr> {
    use fresnel_ir::{BaseType, SpecExpr, SpecOp};
    let (xb, bits) = x.ty();
    if xb == base {
        return Some(x);
    }
    if !matches!(xb, BaseType::Int | BaseType::Uint)
        || !matches!(base, BaseType::Int | BaseType::Uint)
    {
        return None;
    }
    Some(match x {
        SpecExpr::Const { value, .. } => SpecExpr::Const { base, bits, value },
        x => SpecExpr::Op {
            op: SpecOp::IAdd,
            base,
            bits,
            args: vec![
                x,
                SpecExpr::Const {
                    base,
                    bits,
                    value: 0,
                },
            ],
        },
    })
}

impl super::func::FuncCx<'_, '_> {
    /// The specialization-constant expression of ALU source `s` (its first component) as
    /// read now: a constant (of base `want`), a specialization constant or an expression
    /// of them already written (`Module::spec_values`), or a component of the specializable
    /// `gl_WorkGroupSize`; `None` for any other value.
    fn spec_source(
        &self,
        s: &fresnel_ir::AluSrc,
        want: fresnel_ir::BaseType,
    ) -> Option<fresnel_ir::SpecExpr> {
        use super::func::Val;
        use fresnel_ir::{BaseType, InstrKind, Intrinsic, SpecExpr};
        let d = &self.f.values[s.value];
        let c = usize::from(s.swizzle[0]);
        match &self.vals[s.value.0 as usize] {
            Val::Const(_) if want == BaseType::Float => None,
            &Val::Const(i) => {
                let bits = &self.consts[i as usize];
                let base = if d.bit_size == 1 {
                    BaseType::Bool
                } else {
                    want
                };
                Some(SpecExpr::Const {
                    base,
                    bits: d.bit_size,
                    value: bits.get(c).copied()?,
                })
            }
            Val::Id(id, _) => {
                let e = self.m.spec_values.get(id)?;
                if matches!(&self.f.def(s.value).kind,
                    InstrKind::Intrinsic(x) if x.op == Intrinsic::LoadWorkgroupSize)
                {
                    return (c < 3).then_some(SpecExpr::WorkgroupSize(c as u8));
                }
                // (A floating-point one cannot be an integer operand: no `OpBitcast` in
                // `OpSpecConstantOp` for shaders.)
                (d.num_components == 1 && e.ty().0 != BaseType::Float).then(|| e.clone())
            }
            _ => None,
        }
    }

    /// An ALU instruction computing a scalar from specialization constants (and constants)
    /// only, with an operation `OpSpecConstantOp` allows in shaders: written as
    /// `OpSpecConstantOp`s among the globals, as glslang does, so specializing the pipeline
    /// changes it and the function body does not compute it. `Ok(false)` for any other
    /// instruction (written as code).
    pub(crate) fn spec_alu(&mut self, a: &fresnel_ir::Alu) -> super::Result<bool> {
        use super::types::Kind;
        use fresnel_ir::{AluOp as A, BaseType, SpecExpr, SpecOp};
        let d = &self.f.values[a.dest];
        if d.num_components != 1 || a.srcs.is_empty() || a.srcs.len() > 3 {
            return Ok(false);
        }
        let dbits = d.bit_size;
        // Cheap test first: some source is a specialization constant, the others constants.
        let mut any = false;
        for s in &a.srcs {
            match &self.vals[s.value.0 as usize] {
                super::func::Val::Const(_) => {}
                super::func::Val::Id(id, _) if self.m.spec_values.contains_key(id) => any = true,
                _ => return Ok(false),
            }
        }
        if !any {
            return Ok(false);
        }
        let dk = self.kind_of(a.dest);
        // The integer signedness the result is wanted in: the specialization constants'
        // when they agree (two's-complement arithmetic is the same either way, and a
        // `uint` expression is then used as `uint` without a cast), else the result's.
        let mut spec_bases = a
            .srcs
            .iter()
            .filter_map(|s| match &self.vals[s.value.0 as usize] {
                super::func::Val::Id(id, k) => Some(match self.m.spec_values.get(id) {
                    Some(SpecExpr::WorkgroupSize(_)) => BaseType::Uint,
                    _ => k.base,
                }),
                _ => None,
            });
        let first = spec_bases.next();
        let ib = match first {
            Some(b @ (BaseType::Int | BaseType::Uint)) if spec_bases.all(|x| x == b) => b,
            _ if dk.base == BaseType::Int => BaseType::Int,
            _ => BaseType::Uint,
        };
        // Where the result's signedness is free (most operations), the one its uses want.
        let rb = self.use_base(a.dest).unwrap_or(ib);
        let src_bits = self.f.values[a.srcs[0].value].bit_size;
        let src = |cx: &Self, i: usize, want: BaseType| -> Option<SpecExpr> {
            cx.spec_source(a.srcs.get(i)?, want)
        };
        // A divisor must be a constant that cannot trap or overflow (not 0, not -1): the
        // constant is evaluated whether or not the code reading it runs.
        let safe_divisor = |e: &SpecExpr| match e {
            SpecExpr::Const { bits, value, .. } => {
                let mask = if *bits >= 64 {
                    u64::MAX
                } else {
                    (1u64 << bits) - 1
                };
                let v = value & mask;
                v != 0 && v != mask
            }
            _ => false,
        };
        let op2 = |cx: &Self, op: SpecOp, base: BaseType, bits: u8, want: BaseType| {
            let x = src(cx, 0, want)?;
            let y = src(cx, 1, want)?;
            Some(SpecExpr::Op {
                op,
                base,
                bits,
                args: vec![x, y],
            })
        };
        let bool_src = src_bits == 1;
        let e = match a.op {
            A::Mov if dk.base != BaseType::Float => {
                src(self, 0, dk.base)
                    .and_then(|x| if dbits == 1 { Some(x) } else { spec_as(x, rb) })
            }
            A::Iadd => op2(self, SpecOp::IAdd, rb, dbits, ib),
            A::Isub => op2(self, SpecOp::ISub, rb, dbits, ib),
            A::Imul => op2(self, SpecOp::IMul, rb, dbits, ib),
            A::Udiv | A::Umod | A::Idiv | A::Irem => {
                let (op, base) = match a.op {
                    A::Udiv => (SpecOp::UDiv, BaseType::Uint),
                    A::Umod => (SpecOp::UMod, BaseType::Uint),
                    A::Idiv => (SpecOp::SDiv, BaseType::Int),
                    _ => (SpecOp::SRem, BaseType::Int),
                };
                // (SDiv's and SRem's result signedness is free.)
                let rbase = if base == BaseType::Int { rb } else { base };
                // Unsigned division wants unsigned operands and result.
                let x = src(self, 0, base).and_then(|x| spec_as(x, base));
                let y = src(self, 1, base).and_then(|y| spec_as(y, base));
                match (x, y) {
                    (Some(x), Some(y)) if safe_divisor(&y) => Some(SpecExpr::Op {
                        op,
                        base: rbase,
                        bits: dbits,
                        args: vec![x, y],
                    }),
                    _ => None,
                }
            }
            A::Ineg => src(self, 0, BaseType::Int).map(|x| SpecExpr::Op {
                op: SpecOp::SNegate,
                base: rb,
                bits: dbits,
                args: vec![x],
            }),
            A::Inot => src(self, 0, ib).map(|x| SpecExpr::Op {
                op: if bool_src {
                    SpecOp::LogicalNot
                } else {
                    SpecOp::Not
                },
                base: if bool_src { BaseType::Bool } else { rb },
                bits: dbits,
                args: vec![x],
            }),
            A::Iand | A::Ior | A::Ixor => {
                let (op, base) = match (a.op, bool_src) {
                    (A::Iand, true) => (SpecOp::LogicalAnd, BaseType::Bool),
                    (A::Ior, true) => (SpecOp::LogicalOr, BaseType::Bool),
                    (A::Ixor, true) => (SpecOp::LogicalNotEqual, BaseType::Bool),
                    (A::Iand, false) => (SpecOp::BitwiseAnd, rb),
                    (A::Ior, false) => (SpecOp::BitwiseOr, rb),
                    _ => (SpecOp::BitwiseXor, rb),
                };
                op2(self, op, base, dbits, ib)
            }
            A::Ishl | A::Ishr | A::Ushr => {
                let op = match a.op {
                    A::Ishl => SpecOp::ShiftLeftLogical,
                    A::Ishr => SpecOp::ShiftRightArithmetic,
                    _ => SpecOp::ShiftRightLogical,
                };
                let x = src(self, 0, ib);
                let y = src(self, 1, BaseType::Uint);
                x.zip(y).map(|(x, y)| SpecExpr::Op {
                    op,
                    base: rb,
                    bits: dbits,
                    args: vec![x, y],
                })
            }
            A::Ieq | A::Ine | A::Ilt | A::Ige | A::Ult | A::Uge => {
                let op = match (a.op, bool_src) {
                    (A::Ieq, true) => SpecOp::LogicalEqual,
                    (A::Ine, true) => SpecOp::LogicalNotEqual,
                    (A::Ieq, false) => SpecOp::IEqual,
                    (A::Ine, false) => SpecOp::INotEqual,
                    (A::Ilt, false) => SpecOp::SLessThan,
                    (A::Ige, false) => SpecOp::SGreaterThanEqual,
                    (A::Ult, false) => SpecOp::ULessThan,
                    (A::Uge, false) => SpecOp::UGreaterThanEqual,
                    _ => return Ok(false),
                };
                // The operands' signedness does not matter to these; constants take the
                // other operand's.
                let other = a
                    .srcs
                    .iter()
                    .find_map(|s| match &self.vals[s.value.0 as usize] {
                        super::func::Val::Id(_, k) => Some(k.base),
                        _ => None,
                    })
                    .filter(|b| *b == BaseType::Int)
                    .unwrap_or(BaseType::Uint);
                op2(self, op, BaseType::Bool, 1, other)
            }
            A::Bcsel if dk.base != BaseType::Float => {
                let c = src(self, 0, BaseType::Bool);
                let (x, y) = if dbits == 1 {
                    (src(self, 1, BaseType::Bool), src(self, 2, BaseType::Bool))
                } else {
                    (
                        src(self, 1, rb).and_then(|x| spec_as(x, rb)),
                        src(self, 2, rb).and_then(|y| spec_as(y, rb)),
                    )
                };
                let base = if dbits == 1 { BaseType::Bool } else { rb };
                match (c, x, y) {
                    (Some(c), Some(x), Some(y)) => Some(SpecExpr::Op {
                        op: SpecOp::Select,
                        base,
                        bits: dbits,
                        args: vec![c, x, y],
                    }),
                    _ => None,
                }
            }
            A::B2i => src(self, 0, BaseType::Bool).map(|c| SpecExpr::Op {
                op: SpecOp::Select,
                base: rb,
                bits: dbits,
                args: vec![
                    c,
                    SpecExpr::Const {
                        base: rb,
                        bits: dbits,
                        value: 1,
                    },
                    SpecExpr::Const {
                        base: rb,
                        bits: dbits,
                        value: 0,
                    },
                ],
            }),
            A::I2i | A::U2u if src_bits != dbits => {
                // SConvert's result signedness is free; UConvert's is unsigned.
                let (op, base) = if a.op == A::I2i {
                    (SpecOp::SConvert, rb)
                } else {
                    (SpecOp::UConvert, BaseType::Uint)
                };
                src(self, 0, ib).map(|x| SpecExpr::Op {
                    op,
                    base,
                    bits: dbits,
                    args: vec![x],
                })
            }
            _ => None,
        };
        let Some(e) = e else {
            return Ok(false);
        };
        if e.node_count() > MAX_CODE_SPEC_NODES {
            return Ok(false);
        }
        let (base, bits) = e.ty();
        let id = self.m.spec_expr_id(&e)?;
        self.m.spec_values.entry(id).or_insert(e);
        self.set_spec(a.dest, id, Kind::new(base, bits, 1));
        Ok(true)
    }

    /// The integer signedness the uses of `v` want it in: the memory a store writes it to,
    /// or an ALU source whose class says (not two's-complement arithmetic, the same signed
    /// or not); `None` when no use says.
    fn use_base(&self, v: fresnel_ir::ValueId) -> Option<fresnel_ir::BaseType> {
        use fresnel_ir::{AluOp as A, BaseType, InstrKind, Intrinsic, Use};
        let f = self.f;
        f.values[v].uses.iter().find_map(|u| {
            let Use::Instr { instr, src } = *u else {
                return None;
            };
            let b = match &f.instrs[instr].kind {
                InstrKind::Intrinsic(x) if x.op == Intrinsic::StoreDeref && src == 1 => self
                    .deref_type(x.srcs[0])
                    .and_then(|t| self.m.value_kind(t))
                    .map(|k| k.base),
                InstrKind::Alu(a)
                    if !matches!(
                        a.op,
                        A::Iadd | A::Isub | A::Imul | A::Ineg | A::Ishl | A::Mov
                    ) =>
                {
                    match a.op.info().src_class.get(usize::from(src)) {
                        Some(fresnel_ir::TypeClass::Int) => Some(BaseType::Int),
                        Some(fresnel_ir::TypeClass::Uint) => Some(BaseType::Uint),
                        _ => None,
                    }
                }
                _ => None,
            };
            b.filter(|b| matches!(b, BaseType::Int | BaseType::Uint))
        })
    }

    fn set_spec(&mut self, v: fresnel_ir::ValueId, id: u32, k: super::types::Kind) {
        self.vals[v.0 as usize] = super::func::Val::Id(id, k);
    }
}
