//! Operations on values of vendor extension types that the IR does not model (added for
//! issue 4): cooperative matrices (GL_KHR/NV_cooperative_matrix, GL_NV_cooperative_matrix2
//! tensor layouts and views), cooperative vectors (GL_NV_cooperative_vector), long vectors
//! (GL_EXT_long_vector), ARM tensors (GL_ARM_tensors), the small floating-point formats
//! (GL_EXT_bfloat16, GL_EXT_float8_*, GL_EXT_float_e2m1/e2m3/e3m2/ue8m0/mxint8) and the
//! QCOM cooperative-matrix conversions.
//!
//! Values of such types live in memory: variables (or members and elements of variables)
//! whose type is `Type::Opaque` named by the GLSL type (`opaque "coopmat<float, ...>"`).
//! Every operation on them is one intrinsic of a single family, naming the GLSL operation by
//! its `op` index (a position in [`VENDOR_OPS`], printed by name):
//!
//! * `vendor_op` (no result): `srcs[0]` is the deref of the destination (written), the other
//!   sources are the operands in GLSL order: derefs of vendor (or aggregate) values, ordinary
//!   scalar or vector values. Built-ins whose first argument is an `out`/`inout` or memory
//!   argument (`coopMatLoad(out m, buf, ...)`, `coopMatStore(m, buf, ...)`,
//!   `tensorWriteARM(t, coords, data)`) also pass it as `srcs[0]`.
//! * `vendor_op_value` (a scalar or vector result): the same operands, the result an ordinary
//!   value (an element read of a long vector, `length()`, `tensorSizeARM`, a comparison).
//!
//! Structural operations besides the GLSL built-ins (named as written) and operators
//! (`op_add`, `op_neg`, ...): `construct` (a constructor: dst, the arguments), `convert`
//! (dst, the value converted), `extract` (element `index` of a vendor value: src deref,
//! index; the element as a value or into dst), `insert` (dst, index, element: writes one
//! element), `swizzle` / `insert_swizzle` (the component indices as 32-bit constants after
//! the source / before the value), `array_length` (`.length()`), `spec_constant` (dst, the
//! `constant_id` as a 32-bit constant: reads a specialization constant of a small float
//! type, which `load_spec_constant` cannot, these types having no IR values; see
//! [`crate::SpecConstant`]).
//!
//! Both intrinsics read and write memory through their derefs and may have effects the IR
//! does not know: they are never eliminated or reordered, and a variable whose deref one
//! takes is never promoted to SSA values. The interpreter and the back ends reject them
//! with [`describe`]'s message.

use crate::entity::EntityId;
use crate::func::Function;
use crate::instr::{InstrKind, IntrinsicInstr};
use crate::intrinsic::{IndexKind, Intrinsic};
use crate::types::{Type, Types};

/// The operations, by `op` index: structural operations, operators, then the GLSL built-in
/// functions (the core library's names and the extensions' own), sorted.
pub const VENDOR_OPS: &[&str] = &[
    // structural
    "construct",
    "convert",
    "extract",
    "insert",
    "swizzle",
    "insert_swizzle",
    "array_length",
    "spec_constant",
    // operators
    "op_add",
    "op_sub",
    "op_mul",
    "op_div",
    "op_mod",
    "op_and",
    "op_or",
    "op_xor",
    "op_shl",
    "op_shr",
    "op_neg",
    "op_not",
    "op_bitnot",
    "op_eq",
    "op_ne",
    "op_lt",
    "op_gt",
    "op_le",
    "op_ge",
    "op_logical_and",
    "op_logical_or",
    "op_logical_xor",
    // built-in functions
    "abortEXT",
    "abs",
    "absoluteDifference",
    "acos",
    "acosh",
    "addInvocationsAMD",
    "addInvocationsExclusiveScanAMD",
    "addInvocationsExclusiveScanNonUniformAMD",
    "addInvocationsInclusiveScanAMD",
    "addInvocationsInclusiveScanNonUniformAMD",
    "addInvocationsNonUniformAMD",
    "addSaturate",
    "all",
    "allInvocations",
    "allInvocationsARB",
    "allInvocationsEXT",
    "allInvocationsEqual",
    "allInvocationsEqualARB",
    "allInvocationsEqualEXT",
    "allThreadsEqualNV",
    "allThreadsNV",
    "any",
    "anyInvocation",
    "anyInvocationARB",
    "anyInvocationEXT",
    "anyThreadNV",
    "asin",
    "asinh",
    "assumeEXT",
    "atan",
    "atanh",
    "atomicAdd",
    "atomicAnd",
    "atomicCompSwap",
    "atomicCounter",
    "atomicCounterAdd",
    "atomicCounterAddARB",
    "atomicCounterAnd",
    "atomicCounterAndARB",
    "atomicCounterCompSwap",
    "atomicCounterCompSwapARB",
    "atomicCounterDecrement",
    "atomicCounterExchange",
    "atomicCounterExchangeARB",
    "atomicCounterIncrement",
    "atomicCounterMax",
    "atomicCounterMaxARB",
    "atomicCounterMin",
    "atomicCounterMinARB",
    "atomicCounterOr",
    "atomicCounterOrARB",
    "atomicCounterSubtract",
    "atomicCounterSubtractARB",
    "atomicCounterXor",
    "atomicCounterXorARB",
    "atomicExchange",
    "atomicLoad",
    "atomicMax",
    "atomicMin",
    "atomicOr",
    "atomicStore",
    "atomicXor",
    "average",
    "averageRounded",
    "ballotARB",
    "barrier",
    "beginInvocationInterlockARB",
    "beginInvocationInterlockNV",
    "bfloat16BitsToIntEXT",
    "bfloat16BitsToUintEXT",
    "bitCount",
    "bitcastExtractfe2m1EXT",
    "bitcastExtractfe2m3EXT",
    "bitcastExtractfe3m2EXT",
    "bitcastQCOM",
    "bitfieldExtract",
    "bitfieldInsert",
    "bitfieldReverse",
    "ceil",
    "clamp",
    "clock2x32ARB",
    "clockARB",
    "clockRealtime2x32EXT",
    "clockRealtimeEXT",
    "controlBarrier",
    "controlBarrierArrive",
    "controlBarrierWait",
    "coopMatLoad",
    "coopMatLoadNV",
    "coopMatLoadTensorNV",
    "coopMatMulAdd",
    "coopMatMulAddNV",
    "coopMatPerElementNV",
    "coopMatReduceNV",
    "coopMatStore",
    "coopMatStoreNV",
    "coopMatStoreTensorNV",
    "coopMatTransposeNV",
    "coopVecLoadNV",
    "coopVecMatMulAddNV",
    "coopVecMatMulNV",
    "coopVecOuterProductAccumulateNV",
    "coopVecReduceSumAccumulateNV",
    "coopVecStoreNV",
    "coopmatToVectorQCOM",
    "cos",
    "cosh",
    "countLeadingZeros",
    "countTrailingZeros",
    "createTensorLayoutNV",
    "createTensorViewNV",
    "cross",
    "cubeFaceCoordAMD",
    "cubeFaceIndexAMD",
    "dFdx",
    "dFdxCoarse",
    "dFdxFine",
    "dFdy",
    "dFdyCoarse",
    "dFdyFine",
    "degrees",
    "determinant",
    "distance",
    "dot",
    "dotAccSatEXT",
    "dotEXT",
    "dotPacked4x8AccSatEXT",
    "dotPacked4x8EXT",
    "doubleBitsToInt64",
    "doubleBitsToUint64",
    "endInvocationInterlockARB",
    "endInvocationInterlockNV",
    "equal",
    "executeCallableEXT",
    "executeCallableNV",
    "exp",
    "exp2",
    "expectEXT",
    "extractSubArrayQCOM",
    "faceforward",
    "fetchMicroTriangleVertexBarycentricNV",
    "fetchMicroTriangleVertexPositionNV",
    "findLSB",
    "findMSB",
    "float16BitsToInt16",
    "float16BitsToUint16",
    "floatBitsToInt",
    "floatBitsToUint",
    "floate4m3BitsToIntEXT",
    "floate4m3BitsToUintEXT",
    "floate5m2BitsToIntEXT",
    "floate5m2BitsToUintEXT",
    "floatmxint8BitsToIntEXT",
    "floatmxint8BitsToUintEXT",
    "floatue8m0BitsToIntEXT",
    "floatue8m0BitsToUintEXT",
    "floor",
    "fma",
    "fract",
    "frexp",
    "ftransform",
    "fwidth",
    "fwidthCoarse",
    "fwidthFine",
    "greaterThan",
    "greaterThanEqual",
    "groupMemoryBarrier",
    "halfBitsToInt16",
    "halfBitsToUint16",
    "helperInvocationEXT",
    "hitObjectExecuteShaderEXT",
    "hitObjectExecuteShaderNV",
    "hitObjectGetAttributesEXT",
    "hitObjectGetAttributesNV",
    "hitObjectGetClusterIdNV",
    "hitObjectGetCurrentTimeEXT",
    "hitObjectGetCurrentTimeNV",
    "hitObjectGetGeometryIndexEXT",
    "hitObjectGetGeometryIndexNV",
    "hitObjectGetHitKindEXT",
    "hitObjectGetHitKindNV",
    "hitObjectGetInstanceCustomIndexEXT",
    "hitObjectGetInstanceCustomIndexNV",
    "hitObjectGetInstanceIdEXT",
    "hitObjectGetInstanceIdNV",
    "hitObjectGetObjectRayDirectionEXT",
    "hitObjectGetObjectRayDirectionNV",
    "hitObjectGetObjectRayOriginEXT",
    "hitObjectGetObjectRayOriginNV",
    "hitObjectGetObjectToWorldEXT",
    "hitObjectGetObjectToWorldNV",
    "hitObjectGetPrimitiveIndexEXT",
    "hitObjectGetPrimitiveIndexNV",
    "hitObjectGetRayFlagsEXT",
    "hitObjectGetRayTMaxEXT",
    "hitObjectGetRayTMaxNV",
    "hitObjectGetRayTMinEXT",
    "hitObjectGetRayTMinNV",
    "hitObjectGetShaderBindingTableRecordIndexEXT",
    "hitObjectGetShaderBindingTableRecordIndexNV",
    "hitObjectGetShaderRecordBufferHandleEXT",
    "hitObjectGetShaderRecordBufferHandleNV",
    "hitObjectGetSpherePositionNV",
    "hitObjectGetSphereRadiusNV",
    "hitObjectGetWorldRayDirectionEXT",
    "hitObjectGetWorldRayDirectionNV",
    "hitObjectGetWorldRayOriginEXT",
    "hitObjectGetWorldRayOriginNV",
    "hitObjectGetWorldToObjectEXT",
    "hitObjectGetWorldToObjectNV",
    "hitObjectIsEmptyEXT",
    "hitObjectIsEmptyNV",
    "hitObjectIsHitEXT",
    "hitObjectIsHitNV",
    "hitObjectIsLSSHitNV",
    "hitObjectIsMissEXT",
    "hitObjectIsMissNV",
    "hitObjectIsSphereHitNV",
    "hitObjectRecordEmptyEXT",
    "hitObjectRecordEmptyNV",
    "hitObjectRecordFromQueryEXT",
    "hitObjectRecordHitMotionNV",
    "hitObjectRecordHitNV",
    "hitObjectRecordHitWithIndexMotionNV",
    "hitObjectRecordHitWithIndexNV",
    "hitObjectRecordMissEXT",
    "hitObjectRecordMissMotionEXT",
    "hitObjectRecordMissMotionNV",
    "hitObjectRecordMissNV",
    "hitObjectReorderExecuteEXT",
    "hitObjectSetShaderBindingTableRecordIndexEXT",
    "hitObjectTraceMotionReorderExecuteEXT",
    "hitObjectTraceRayEXT",
    "hitObjectTraceRayMotionEXT",
    "hitObjectTraceRayMotionNV",
    "hitObjectTraceRayNV",
    "hitObjectTraceReorderExecuteEXT",
    "ignoreIntersectionNV",
    "imulExtended",
    "int16BitsToFloat16",
    "int16BitsToHalf",
    "int64BitsToDouble",
    "intBitsToBFloat16EXT",
    "intBitsToFloat",
    "intBitsToFloate4m3EXT",
    "intBitsToFloate5m2EXT",
    "intBitsToFloatmxint8EXT",
    "intBitsToFloatue8m0EXT",
    "interpolateAtCentroid",
    "interpolateAtOffset",
    "interpolateAtSample",
    "interpolateAtVertexAMD",
    "inverse",
    "inversesqrt",
    "isinf",
    "isnan",
    "ldexp",
    "length",
    "lessThan",
    "lessThanEqual",
    "log",
    "log2",
    "loose",
    "matrixCompMult",
    "max",
    "max3",
    "maxInvocationsAMD",
    "maxInvocationsExclusiveScanAMD",
    "maxInvocationsExclusiveScanNonUniformAMD",
    "maxInvocationsInclusiveScanAMD",
    "maxInvocationsInclusiveScanNonUniformAMD",
    "maxInvocationsNonUniformAMD",
    "mbcntAMD",
    "memoryBarrier",
    "memoryBarrierAtomicCounter",
    "memoryBarrierBuffer",
    "memoryBarrierImage",
    "memoryBarrierShared",
    "mid3",
    "min",
    "min3",
    "minInvocationsAMD",
    "minInvocationsExclusiveScanAMD",
    "minInvocationsExclusiveScanNonUniformAMD",
    "minInvocationsInclusiveScanAMD",
    "minInvocationsInclusiveScanNonUniformAMD",
    "minInvocationsNonUniformAMD",
    "mix",
    "mod",
    "modf",
    "multiply32x16",
    "noise1",
    "noise2",
    "noise3",
    "noise4",
    "normalize",
    "not",
    "notEqual",
    "outerProduct",
    "pack16",
    "pack32",
    "pack64",
    "packDouble2x32",
    "packFloat16xfe2m1EXT",
    "packFloat16xfe2m3EXT",
    "packFloat16xfe3m2EXT",
    "packFloat2x16",
    "packFloat2xfe2m1EXT",
    "packFloat4xfe2m1EXT",
    "packFloat4xfe2m3EXT",
    "packFloat4xfe3m2EXT",
    "packFloat8xfe2m1EXT",
    "packFloat8xfe2m3EXT",
    "packFloat8xfe3m2EXT",
    "packHalf2x16",
    "packInt2x16",
    "packInt2x32",
    "packInt4x16",
    "packSnorm2x16",
    "packSnorm4x8",
    "packUint2x16",
    "packUint2x32",
    "packUint4x16",
    "packUnorm2x16",
    "packUnorm4x8",
    "pow",
    "radians",
    "rayQueryConfirmIntersectionEXT",
    "rayQueryGenerateIntersectionEXT",
    "rayQueryGetIntersectionBarycentricsEXT",
    "rayQueryGetIntersectionCandidateAABBOpaqueEXT",
    "rayQueryGetIntersectionClusterIdNV",
    "rayQueryGetIntersectionFrontFaceEXT",
    "rayQueryGetIntersectionGeometryIndexEXT",
    "rayQueryGetIntersectionInstanceCustomIndexEXT",
    "rayQueryGetIntersectionInstanceIdEXT",
    "rayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetEXT",
    "rayQueryGetIntersectionLSSHitValueNV",
    "rayQueryGetIntersectionObjectRayDirectionEXT",
    "rayQueryGetIntersectionObjectRayOriginEXT",
    "rayQueryGetIntersectionObjectToWorldEXT",
    "rayQueryGetIntersectionPrimitiveIndexEXT",
    "rayQueryGetIntersectionSpherePositionNV",
    "rayQueryGetIntersectionSphereRadiusNV",
    "rayQueryGetIntersectionTEXT",
    "rayQueryGetIntersectionTypeEXT",
    "rayQueryGetIntersectionWorldToObjectEXT",
    "rayQueryGetRayFlagsEXT",
    "rayQueryGetRayTMinEXT",
    "rayQueryGetWorldRayDirectionEXT",
    "rayQueryGetWorldRayOriginEXT",
    "rayQueryInitializeEXT",
    "rayQueryIsLSSHitNV",
    "rayQueryIsSphereHitNV",
    "rayQueryProceedEXT",
    "rayQueryTerminateEXT",
    "readFirstInvocationARB",
    "readInvocationARB",
    "reflect",
    "refract",
    "reorderThreadEXT",
    "reorderThreadNV",
    "reportIntersectionEXT",
    "reportIntersectionNV",
    "round",
    "roundEven",
    "saturatedConvertEXT",
    "setTensorLayoutBlockSizeNV",
    "setTensorLayoutClampValueNV",
    "setTensorLayoutDimensionNV",
    "setTensorLayoutStrideNV",
    "setTensorViewClipNV",
    "setTensorViewDimensionsNV",
    "setTensorViewStrideNV",
    "sign",
    "sin",
    "sinh",
    "sliceTensorLayoutNV",
    "smoothstep",
    "sqrt",
    "step",
    "subgroupAdd",
    "subgroupAll",
    "subgroupAllEqual",
    "subgroupAnd",
    "subgroupAny",
    "subgroupBallot",
    "subgroupBallotBitCount",
    "subgroupBallotBitExtract",
    "subgroupBallotExclusiveBitCount",
    "subgroupBallotFindLSB",
    "subgroupBallotFindMSB",
    "subgroupBallotInclusiveBitCount",
    "subgroupBarrier",
    "subgroupBroadcast",
    "subgroupBroadcastFirst",
    "subgroupClusteredAdd",
    "subgroupClusteredAnd",
    "subgroupClusteredMax",
    "subgroupClusteredMin",
    "subgroupClusteredMul",
    "subgroupClusteredOr",
    "subgroupClusteredRotate",
    "subgroupClusteredXor",
    "subgroupElect",
    "subgroupExclusiveAdd",
    "subgroupExclusiveAnd",
    "subgroupExclusiveMax",
    "subgroupExclusiveMin",
    "subgroupExclusiveMul",
    "subgroupExclusiveOr",
    "subgroupExclusiveXor",
    "subgroupInclusiveAdd",
    "subgroupInclusiveAnd",
    "subgroupInclusiveMax",
    "subgroupInclusiveMin",
    "subgroupInclusiveMul",
    "subgroupInclusiveOr",
    "subgroupInclusiveXor",
    "subgroupInverseBallot",
    "subgroupMax",
    "subgroupMemoryBarrier",
    "subgroupMemoryBarrierBuffer",
    "subgroupMemoryBarrierImage",
    "subgroupMemoryBarrierShared",
    "subgroupMin",
    "subgroupMul",
    "subgroupOr",
    "subgroupPartitionNV",
    "subgroupPartitionedAddNV",
    "subgroupPartitionedAndNV",
    "subgroupPartitionedExclusiveAddNV",
    "subgroupPartitionedExclusiveAndNV",
    "subgroupPartitionedExclusiveMaxNV",
    "subgroupPartitionedExclusiveMinNV",
    "subgroupPartitionedExclusiveMulNV",
    "subgroupPartitionedExclusiveOrNV",
    "subgroupPartitionedExclusiveXorNV",
    "subgroupPartitionedInclusiveAddNV",
    "subgroupPartitionedInclusiveAndNV",
    "subgroupPartitionedInclusiveMaxNV",
    "subgroupPartitionedInclusiveMinNV",
    "subgroupPartitionedInclusiveMulNV",
    "subgroupPartitionedInclusiveOrNV",
    "subgroupPartitionedInclusiveXorNV",
    "subgroupPartitionedMaxNV",
    "subgroupPartitionedMinNV",
    "subgroupPartitionedMulNV",
    "subgroupPartitionedOrNV",
    "subgroupPartitionedXorNV",
    "subgroupQuadAll",
    "subgroupQuadAny",
    "subgroupQuadBroadcast",
    "subgroupQuadSwapDiagonal",
    "subgroupQuadSwapHorizontal",
    "subgroupQuadSwapVertical",
    "subgroupRotate",
    "subgroupShuffle",
    "subgroupShuffleDown",
    "subgroupShuffleUp",
    "subgroupShuffleXor",
    "subgroupXor",
    "subtractSaturate",
    "swizzleInvocationsAMD",
    "swizzleInvocationsMaskedAMD",
    "tan",
    "tanh",
    "tensorReadARM",
    "tensorSizeARM",
    "tensorWriteARM",
    "terminateRayNV",
    "timeAMD",
    "traceNV",
    "traceRayEXT",
    "traceRayMotionNV",
    "transpose",
    "trunc",
    "truncate",
    "uaddCarry",
    "uint16BitsToFloat16",
    "uint16BitsToHalf",
    "uint64BitsToDouble",
    "uintBitsToBFloat16EXT",
    "uintBitsToFloat",
    "uintBitsToFloate4m3EXT",
    "uintBitsToFloate5m2EXT",
    "uintBitsToFloatmxint8EXT",
    "uintBitsToFloatue8m0EXT",
    "umulExtended",
    "unpack16",
    "unpack32",
    "unpack8",
    "unpackDouble2x32",
    "unpackFloat16xfe2m1EXT",
    "unpackFloat16xfe2m3EXT",
    "unpackFloat16xfe3m2EXT",
    "unpackFloat2x16",
    "unpackFloat2xfe2m1EXT",
    "unpackFloat4xfe2m1EXT",
    "unpackFloat4xfe2m3EXT",
    "unpackFloat4xfe3m2EXT",
    "unpackFloat8xfe2m1EXT",
    "unpackFloat8xfe2m3EXT",
    "unpackFloat8xfe3m2EXT",
    "unpackHalf2x16",
    "unpackInt2x16",
    "unpackInt2x32",
    "unpackInt4x16",
    "unpackSnorm2x16",
    "unpackSnorm4x8",
    "unpackUint2x16",
    "unpackUint2x32",
    "unpackUint4x16",
    "unpackUnorm2x16",
    "unpackUnorm4x8",
    "usubBorrow",
    "vectorToCoopmatQCOM",
    "writeInvocationAMD",
    "writePackedPrimitiveIndices4x8NV",
];

/// The `op` index of an operation name.
pub fn vendor_op_index(name: &str) -> Option<i64> {
    VENDOR_OPS.iter().position(|n| *n == name).map(|i| i as i64)
}

/// The name of an `op` index.
pub fn vendor_op_name(index: i64) -> Option<&'static str> {
    usize::try_from(index)
        .ok()
        .and_then(|i| VENDOR_OPS.get(i).copied())
}

/// The extension that defines a vendor type, from the type's GLSL name (as `Type::Opaque`
/// holds it).
pub fn vendor_extension(type_name: &str) -> &'static str {
    let t = type_name.trim_start();
    let lower = t.to_ascii_lowercase();
    if t.starts_with("coopmatNV") || t.starts_with("fcoopmatNV") || t.contains("coopmatNV<") {
        "GL_NV_cooperative_matrix"
    } else if t.starts_with("coopmat") {
        "GL_KHR_cooperative_matrix"
    } else if t.starts_with("coopvecNV") {
        "GL_NV_cooperative_vector"
    } else if t.starts_with("tensorLayoutNV") || t.starts_with("tensorViewNV") {
        "GL_NV_cooperative_matrix2"
    } else if t.starts_with("tensorARM") {
        "GL_ARM_tensors"
    } else if t.starts_with("vector<") {
        "GL_EXT_long_vector"
    } else if lower.contains("bfloat16") || lower.starts_with("bf16") {
        "GL_EXT_bfloat16"
    } else if lower.contains("e4m3") {
        "GL_EXT_float8_e4m3"
    } else if lower.contains("e5m2") {
        "GL_EXT_float8_e5m2"
    } else if lower.contains("e2m1") {
        "GL_EXT_float_e2m1"
    } else if lower.contains("e2m3") {
        "GL_EXT_float_e2m3"
    } else if lower.contains("e3m2") {
        "GL_EXT_float_e3m2"
    } else if lower.contains("ue8m0") {
        "GL_EXT_float_ue8m0"
    } else if lower.contains("mxint8") {
        "GL_EXT_float_mxint8"
    } else if t.starts_with("spirv_type") {
        "GL_EXT_spirv_intrinsics"
    } else {
        "a vendor extension"
    }
}

/// The first vendor (opaque) type a `vendor_op` touches: the innermost type of the first
/// deref source whose type holds a `Type::Opaque`.
fn first_vendor_type<'a>(types: &'a Types, f: &Function, x: &IntrinsicInstr) -> Option<&'a str> {
    for &s in &x.srcs {
        let Some(def) = f.values.get(s) else { continue };
        let Some(instr) = f.instrs.get(def.def) else {
            continue;
        };
        let InstrKind::Deref(d) = &instr.kind else {
            continue;
        };
        let mut ty = d.ty;
        for _ in 0..64 {
            // (Unvalidated IR may name a type that does not exist.)
            if ty.index() >= types.len() {
                break;
            }
            match types.get(ty) {
                Type::Opaque(name) => return Some(name),
                Type::Array { elem, .. } => ty = *elem,
                _ => break,
            }
        }
    }
    None
}

/// Whether an intrinsic is one of the vendor operations.
pub fn is_vendor_op(op: Intrinsic) -> bool {
    matches!(op, Intrinsic::VendorOp | Intrinsic::VendorOpValue)
}

/// What a `vendor_op` does, for the errors of the interpreter and the back ends: the GLSL
/// operation and the extension of the type it acts on.
pub fn describe(types: &Types, f: &Function, x: &IntrinsicInstr) -> String {
    let op = x
        .index(IndexKind::VendorOp)
        .and_then(vendor_op_name)
        .unwrap_or("?");
    match first_vendor_type(types, f, x) {
        Some(t) => format!(
            "`{}` ({op} on `{t}`, {}) has no implementation here: operations on vendor \
             extension types are kept in the IR but not executed or emitted",
            x.op.name(),
            vendor_extension(t)
        ),
        None => format!(
            "`{}` ({op}, a vendor extension operation) has no implementation here: \
             operations on vendor extension types are kept in the IR but not executed or \
             emitted",
            x.op.name()
        ),
    }
}

/// The validator's checks of a vendor operation: a known `op`, and for `vendor_op` a deref
/// first source (the destination). `None` when fine.
pub fn check(f: &Function, x: &IntrinsicInstr) -> Option<String> {
    if matches!(
        x.op,
        Intrinsic::SpirvInstruction | Intrinsic::SpirvInstructionValue
    ) {
        return check_spirv_instruction(x);
    }
    if !is_vendor_op(x.op) {
        return None;
    }
    let op = x.index(IndexKind::VendorOp);
    if op.and_then(vendor_op_name).is_none() {
        return Some(format!("{} needs a known `op` index", x.op.name()));
    }
    if x.op == Intrinsic::VendorOp {
        let first_is_deref = x
            .srcs
            .first()
            .and_then(|s| f.values.get(*s))
            .and_then(|d| f.instrs.get(d.def))
            .is_some_and(|i| matches!(i.kind, InstrKind::Deref(_)));
        if !first_is_deref {
            return Some("vendor_op's first source must be the deref of its destination".into());
        }
    }
    None
}

/// The validator's checks of a `spirv_instruction`: an instruction number, and kinds for
/// the result and every source (a result kind other than `void` and `object` exactly when
/// it has a result).
fn check_spirv_instruction(x: &IntrinsicInstr) -> Option<String> {
    use crate::spirv_instruction::{decode_kinds, SpirvKind};
    let name = x.op.name();
    if x.index(IndexKind::Base)
        .is_none_or(|b| !(0..=0xffff).contains(&b))
    {
        return Some(format!("{name} needs an instruction number (`base`)"));
    }
    let Some((r, srcs)) = x.index(IndexKind::SpirvKinds).and_then(decode_kinds) else {
        return Some(format!("{name} needs the kinds of its result and sources"));
    };
    if srcs.len() != x.srcs.len() {
        return Some(format!(
            "{name} has {} sources, its kinds name {}",
            x.srcs.len(),
            srcs.len()
        ));
    }
    // An `Object` result (a `spirv_type`, structure or array) is stored through the first
    // source, a pointer; the intrinsic itself has no result then.
    let no_result = matches!(r, SpirvKind::Void | SpirvKind::Object);
    if no_result != x.dest.is_none() {
        return Some(format!("{name}: the result kind does not match the result"));
    }
    if r == SpirvKind::Object && srcs.first() != Some(&SpirvKind::Pointer) {
        return Some(format!(
            "{name}: an object result needs the pointer it is stored through first"
        ));
    }
    None
}

/// The small floating-point formats, whose scalars and vectors the IR keeps as
/// `Type::Opaque` named by the GLSL type (`floate2m1_t`, `bf16vec3`): the one table of
/// their names, read by the lowering and the SPIR-V writer.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SmallFloatFormat {
    /// GL_EXT_bfloat16.
    BFloat16,
    /// GL_EXT_float_e4m3 (OCP FP8 E4M3).
    E4M3,
    /// GL_EXT_float_e5m2 (OCP FP8 E5M2).
    E5M2,
    /// GL_EXT_float_e2m1 (OCP FP4).
    E2M1,
    /// GL_EXT_float_e2m3 (OCP FP6).
    E2M3,
    /// GL_EXT_float_e3m2 (OCP FP6).
    E3M2,
    /// GL_EXT_float_ue8m0 (OCP E8M0 scale).
    UE8M0,
    /// GL_EXT_float_mxint8 (OCP MXINT8).
    MXInt8,
}

impl SmallFloatFormat {
    pub const ALL: [SmallFloatFormat; 8] = [
        SmallFloatFormat::BFloat16,
        SmallFloatFormat::E4M3,
        SmallFloatFormat::E5M2,
        SmallFloatFormat::E2M1,
        SmallFloatFormat::E2M3,
        SmallFloatFormat::E3M2,
        SmallFloatFormat::UE8M0,
        SmallFloatFormat::MXInt8,
    ];

    /// The GLSL name of a scalar.
    pub fn scalar_name(self) -> &'static str {
        match self {
            SmallFloatFormat::BFloat16 => "bfloat16_t",
            SmallFloatFormat::E4M3 => "floate4m3_t",
            SmallFloatFormat::E5M2 => "floate5m2_t",
            SmallFloatFormat::E2M1 => "floate2m1_t",
            SmallFloatFormat::E2M3 => "floate2m3_t",
            SmallFloatFormat::E3M2 => "floate3m2_t",
            SmallFloatFormat::UE8M0 => "floatue8m0_t",
            SmallFloatFormat::MXInt8 => "floatmxint8_t",
        }
    }

    /// The prefix of the GLSL vector names (`fe2m1vec` of `fe2m1vec4`).
    pub fn vector_prefix(self) -> &'static str {
        match self {
            SmallFloatFormat::BFloat16 => "bf16vec",
            SmallFloatFormat::E4M3 => "fe4m3vec",
            SmallFloatFormat::E5M2 => "fe5m2vec",
            SmallFloatFormat::E2M1 => "fe2m1vec",
            SmallFloatFormat::E2M3 => "fe2m3vec",
            SmallFloatFormat::E3M2 => "fe3m2vec",
            SmallFloatFormat::UE8M0 => "fue8m0vec",
            SmallFloatFormat::MXInt8 => "fmxint8vec",
        }
    }

    /// Bits per component.
    pub fn bits(self) -> u8 {
        match self {
            SmallFloatFormat::BFloat16 => 16,
            SmallFloatFormat::E2M1 => 4,
            SmallFloatFormat::E2M3 | SmallFloatFormat::E3M2 => 6,
            _ => 8,
        }
    }

    /// The OCP microscaling formats of SPV_EXT_ocp_microscaling_types (e2m1, e2m3, e3m2,
    /// ue8m0, mxint8): their built-ins name them by [`Self::ocp_tag`].
    pub fn is_ocp(self) -> bool {
        self.ocp_tag().is_some()
    }

    /// The part of a microscaling format's names its built-ins share (`e2m1` of
    /// `packFloat4xfe2m1EXT`, `ue8m0` of `floatue8m0BitsToIntEXT`).
    pub fn ocp_tag(self) -> Option<&'static str> {
        match self {
            SmallFloatFormat::E2M1 => Some("e2m1"),
            SmallFloatFormat::E2M3 => Some("e2m3"),
            SmallFloatFormat::E3M2 => Some("e3m2"),
            SmallFloatFormat::UE8M0 => Some("ue8m0"),
            SmallFloatFormat::MXInt8 => Some("mxint8"),
            _ => None,
        }
    }
}

/// Whether `ty` is a small float scalar (`opaque "bfloat16_t"`, `opaque "floate2m1_t"`): the
/// one opaque type a specialization constant may have ([`crate::SpecConstant`]).
pub fn is_small_float_scalar(types: &Types, ty: crate::types::TypeId) -> bool {
    matches!(types.get(ty), Type::Opaque(n) if small_float_type(n).is_some_and(|(_, c)| c == 1))
}

/// The format and component count of a small float scalar or 2-4 component vector type
/// name (`bfloat16_t`, `fe4m3vec3`, `floatue8m0_t`, `fmxint8vec2`).
pub fn small_float_type(name: &str) -> Option<(SmallFloatFormat, u8)> {
    let name = name.trim();
    if let Some(f) = SmallFloatFormat::ALL
        .into_iter()
        .find(|f| f.scalar_name() == name)
    {
        return Some((f, 1));
    }
    let (f, n) = SmallFloatFormat::ALL
        .into_iter()
        .find_map(|f| name.strip_prefix(f.vector_prefix()).map(|n| (f, n)))?;
    let comps = match n {
        "2" => 2,
        "3" => 3,
        "4" => 4,
        _ => return None,
    };
    Some((f, comps))
}
