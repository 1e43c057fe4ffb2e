//! The compact structured control flow `spirv/func.rs` writes, checked on the module's
//! words and by `spirv-val` (execution is covered by the dEQP runs on lavapipe and by
//! `fresnel-vk/tests/switch_chains.rs`):
//!
//! * a loop's first block is its header, and an exit test there (`for (..; i < n; ..)`)
//!   is the header's own `OpBranchConditional`, one target being the loop's merge;
//! * an `if` without `else` branches to its merge directly (no empty block);
//! * an `if` chain on one integer is an `OpSwitch` (`spirv/switch.rs`).

use crate::support;

use crate::support::instructions;

use fresnel::Stage;

const LOOP_MERGE: u16 = 246;
const SELECTION_MERGE: u16 = 247;
const LABEL: u16 = 248;
const BRANCH: u16 = 249;
const BRANCH_CONDITIONAL: u16 = 250;
const SWITCH: u16 = 251;

fn compile(src: &str, optimize: bool) -> Vec<u32> {
    support::compile_vulkan(Stage::Fragment, src, optimize, 0)
}

const FS: &str = r#"#version 450
layout(location = 0) flat in int n;
layout(location = 1) flat in uint k;
layout(location = 0) out vec4 o;
layout(set = 0, binding = 0, std430) buffer B { float v[]; };
void main() {
    float acc = 0.0;
    for (int i = 0; i < n; i++) {
        acc += float(i) * 0.5;
        if (acc > 10.0)
            v[i] = acc;
    }
    switch (k) {
    case 0u: v[0] = sin(acc); break;
    case 1u: v[1] = cos(acc); break;
    case 2u: v[2] = exp(acc); break;
    default: v[3] = log(acc); break;
    }
    o = vec4(acc);
}
"#;

#[test]
fn loop_header_holds_the_exit_test() {
    for optimize in [false, true] {
        let ins = instructions(&compile(FS, optimize));
        let merges: Vec<usize> = (0..ins.len()).filter(|&i| ins[i].0 == LOOP_MERGE).collect();
        assert_eq!(merges.len(), 1, "one loop (optimize: {optimize})");
        let m = merges[0];
        let (next_op, next_args) = &ins[m + 1];
        if optimize {
            // The header tests the loop condition itself.
            assert_eq!(*next_op, BRANCH_CONDITIONAL, "after OpLoopMerge");
            assert!(
                next_args[1..].contains(&ins[m].1[0]),
                "one target is the loop's merge block"
            );
        } else {
            assert!(matches!(*next_op, BRANCH | BRANCH_CONDITIONAL));
        }
    }
}

#[test]
fn if_without_else_branches_to_its_merge() {
    let ins = instructions(&compile(FS, true));
    let mut found = false;
    for i in 0..ins.len() - 1 {
        if ins[i].0 == SELECTION_MERGE && ins[i + 1].0 == BRANCH_CONDITIONAL {
            let merge = ins[i].1[0];
            found |= ins[i + 1].1[1..].contains(&merge);
        }
    }
    assert!(
        found,
        "the if inside the loop names its merge as the false target"
    );
    // Blocks: the entry (before the loop header), the header, the body, the if's arm, the
    // if's merge, the continue block, the loop's merge, four cases and the switch's merge.
    let labels = ins.iter().filter(|i| i.0 == LABEL).count();
    assert_eq!(labels, 12, "blocks written");
}

#[test]
fn switch_is_one_op_switch() {
    for optimize in [false, true] {
        let ins = instructions(&compile(FS, optimize));
        let switches: Vec<&(u16, Vec<u32>)> = ins.iter().filter(|i| i.0 == SWITCH).collect();
        assert_eq!(switches.len(), 1, "optimize: {optimize}");
        // Selector, default, then three (literal, label) pairs.
        assert_eq!(switches[0].1.len(), 2 + 3 * 2);
    }
}

/// A `do`/`while` loop whose body is its header: the header is its own continue target and
/// its conditional branch the back edge (no continue block); a loop whose body ends in a
/// selection branches to a continue block without phis (the header phis read the values of
/// the block before it). Both validate; dEQP's loop cases run them on lavapipe.
#[test]
fn single_block_loops_continue_at_their_header() {
    let src = r#"#version 450
layout(location = 0) in vec4 base;
layout(location = 1) in vec4 step;
layout(location = 2) in float d;
layout(location = 0) out vec4 o;
layout(set = 0, binding = 0, std430) buffer B { float v[]; };
void main() {
    vec4 c = base;
    do { c += step; } while (c.x < d);
    vec4 e = base;
    for (int i = 0; i < int(d); i++) {
        if (e.y > 1.0) { e += step; v[i] = e.x; } else e -= step;
    }
    o = c + e;
}
"#;
    let ins = instructions(&compile(src, true));
    let merges: Vec<usize> = (0..ins.len()).filter(|&i| ins[i].0 == LOOP_MERGE).collect();
    assert_eq!(merges.len(), 2, "two loops");
    // The first loop: OpLoopMerge names the header (the label before it) as continue target.
    let header = ins[..merges[0]]
        .iter()
        .rev()
        .find(|i| i.0 == LABEL)
        .map(|i| i.1[0])
        .expect("a header label");
    assert_eq!(ins[merges[0]].1[1], header, "the header continues itself");
    assert!(
        ins[merges[0] + 1].1[1..].contains(&header),
        "back edge from the header"
    );
    // The second loop: its continue block has no phis.
    let cont = ins[merges[1]].1[1];
    let at = ins
        .iter()
        .position(|i| i.0 == LABEL && i.1[0] == cont)
        .expect("the continue block");
    const PHI: u16 = 245;
    let phis = ins[at + 1..]
        .iter()
        .take_while(|i| i.0 != LABEL)
        .filter(|i| i.0 == PHI)
        .count();
    assert_eq!(phis, 0, "the continue block has no phis");
}

/// `vec4(sqrt(v.x), v.yzw)` is one `OpCompositeInsert` into `v` (not a shuffle and a
/// construct; `vec4(v.x + 4.0, v.yzw)` is one addition, below), and an image atomic goes through a texel pointer with no image loaded.
#[test]
fn one_changed_component_is_an_insert() {
    let src = r#"#version 450
layout(location = 0) in vec4 v;
layout(location = 0) out vec4 o;
layout(set = 0, binding = 1, r32ui) uniform uimage2D img;
void main() {
    o = vec4(sqrt(v.x), v.yzw);
    imageAtomicAdd(img, ivec2(1, 2), 3u);
}
"#;
    const LOAD: u16 = 61;
    const COMPOSITE_CONSTRUCT: u16 = 80;
    const COMPOSITE_INSERT: u16 = 82;
    let ins = instructions(&compile(src, true));
    let count = |op: u16| ins.iter().filter(|i| i.0 == op).count();
    assert_eq!(count(COMPOSITE_INSERT), 1, "one insert");
    assert_eq!(count(COMPOSITE_CONSTRUCT), 0, "no construct");
    // Loads: `v` only (the atomic takes a pointer into the image variable).
    assert_eq!(count(LOAD), 1, "one load");
}

/// A select of two constants takes the type its readers want: `i < (flag == 1 ? 10 : 15)`
/// selects ints and `u += c ? 1u : 0u` uints, so neither is bitcast.
#[test]
fn selects_of_constants_take_their_readers_type() {
    let src = r#"#version 450
layout(location = 0) flat in int flag;
layout(location = 1) in float x;
layout(location = 0) out int r;
layout(set = 0, binding = 0, std430) buffer B { uint u; };
void main() {
    int n = 0;
    for (int i = 0; i < (flag == 1 ? 10 : 15); i++) n = i;
    r = n;
    u += isinf(x) ? 1u : 0u;
}
"#;
    const BITCAST: u16 = 124;
    const SELECT: u16 = 169;
    let ins = instructions(&compile(src, true));
    let selects: Vec<u32> = ins
        .iter()
        .filter(|i| i.0 == SELECT)
        .map(|i| i.1[1])
        .collect();
    assert_eq!(selects.len(), 2, "two selects");
    assert!(
        !ins.iter()
            .any(|i| i.0 == BITCAST && selects.contains(&i.1[2])),
        "no select result is bitcast"
    );
}

/// Two's-complement arithmetic is written in the type fewer conversions need: a `uint` loop
/// counter and its increment are unsigned (no bitcast for `i < 512u` or `v[2u * i] != i`),
/// and `ivec2(id)` of a `uvec2` is converted once, not per component; the padded coordinate
/// vector the IR gives `imageStore` is not written when nothing else reads it.
#[test]
fn integer_arithmetic_takes_the_type_its_neighbours_want() {
    let src = r#"#version 450
layout(location = 0) flat in uvec2 id;
layout(location = 0) out vec4 o;
layout(set = 0, binding = 0, std430) buffer B { int result; uint values[]; };
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D img;
void main() {
    for (uint i = 0u; i < 512u; i++)
        if (values[i * 2u] != i)
            result = 0;
    ivec2 uv = ivec2(id);
    imageStore(img, uv, vec4(uv.x - uv.y, uv.y, -uv.y, 1));
    o = vec4(1.0);
}
"#;
    const BITCAST: u16 = 124;
    const VECTOR_SHUFFLE: u16 = 79;
    for optimize in [false, true] {
        let ins = instructions(&compile(src, optimize));
        let count = |op: u16| ins.iter().filter(|i| i.0 == op).count();
        if optimize {
            assert_eq!(count(BITCAST), 1, "one conversion of `id` to signed");
            assert!(
                count(VECTOR_SHUFFLE) <= 1,
                "at most the coordinate's shuffle"
            );
        }
        // Every result in the function body is read (nothing written for nothing).
        let body = ins.iter().skip_while(|i| i.0 != 54).collect::<Vec<_>>();
        let read: std::collections::HashSet<u32> =
            body.iter().flat_map(|i| i.1.iter().copied()).collect();
        for (op, ops) in &body {
            if matches!(*op, BITCAST | VECTOR_SHUFFLE) {
                let id = ops[1];
                let uses = body.iter().filter(|i| i.1.contains(&id)).count();
                assert!(
                    read.contains(&id) && uses > 1,
                    "result %{id} of op {op} is read"
                );
            }
        }
    }
}

/// `v.wxy[i] = x` writes the component the swizzle maps `i` to: one
/// `OpVectorExtractDynamic` from a constant vector of the swizzle, not a chain of selects.
#[test]
fn swizzle_indexed_by_a_value_is_a_dynamic_extract() {
    let src = r#"#version 450
layout(location = 0) flat in int i;
layout(location = 0) out ivec4 o;
void main() {
    ivec4 v = ivec4(-1);
    if (i < 3)
        v.wxy[2 - i] = i;
    o = v;
}
"#;
    const VECTOR_EXTRACT_DYNAMIC: u16 = 77;
    const SELECT: u16 = 169;
    let ins = instructions(&compile(src, true));
    let count = |op: u16| ins.iter().filter(|i| i.0 == op).count();
    assert_eq!(count(SELECT), 0, "no select chain");
    assert!(count(VECTOR_EXTRACT_DYNAMIC) >= 1, "a dynamic extract");
}

/// `length(p - c)` at medium precision is still GLSL.std.450 `Length` or `Distance`, not a
/// dot product and a square root.
#[test]
fn relaxed_length_is_one_extended_instruction() {
    let src = r#"#version 310 es
precision mediump float;
layout(location = 0) in vec2 p;
layout(location = 0) out vec4 o;
void main() {
    o = vec4(length(p / 1.0 - vec2(0.5)));
}
"#;
    const DOT: u16 = 148;
    const EXT_INST: u16 = 12;
    let ins = instructions(&compile(src, true));
    assert!(!ins.iter().any(|i| i.0 == DOT), "no OpDot");
    let ext: Vec<u32> = ins
        .iter()
        .filter(|i| i.0 == EXT_INST)
        .map(|i| i.1[3])
        .collect();
    // GLSL.std.450 Length = 66, Distance = 67; Sqrt = 31.
    assert_eq!(ext.len(), 1, "one extended instruction: {ext:?}");
    assert!(matches!(ext[0], 66 | 67), "Length or Distance: {ext:?}");
}

/// A matrix loaded whole and scaled (`-2.0 * m`), its columns then read one by one, is one
/// `OpMatrixTimesScalar` (not a multiply per column); a matrix whose columns are only read
/// one component at a time (`m[0][0] + m[0][1] + ...`) has its components extracted from it
/// directly (`OpCompositeExtract %m 1 2`), with no column extracted first.
#[test]
fn matrices_scaled_and_read_by_component() {
    let src = r#"#version 450
layout(location = 0) flat in mat4 a;
layout(location = 4) flat in mat3 b;
layout(location = 0) out vec4 o;
float sum(mat3 m) {
    return m[0][0] + m[0][1] + m[0][2] + m[1][0] + m[1][1] + m[1][2] + m[2][0] + m[2][1]
        + m[2][2];
}
void main() {
    mat4 s = -2.0 * a;
    vec4 d = max(max(abs(s[0]), abs(s[1])), max(abs(s[2]), abs(s[3])));
    o = d + vec4(sum(b));
}
"#;
    const COMPOSITE_EXTRACT: u16 = 81;
    const FMUL: u16 = 133;
    const VECTOR_TIMES_SCALAR: u16 = 142;
    const MATRIX_TIMES_SCALAR: u16 = 143;
    let ins = instructions(&compile(src, true));
    let count = |op: u16| ins.iter().filter(|i| i.0 == op).count();
    assert_eq!(count(MATRIX_TIMES_SCALAR), 1, "one matrix times scalar");
    assert_eq!(
        count(FMUL) + count(VECTOR_TIMES_SCALAR),
        0,
        "no per-column multiply"
    );
    // Extracts: four columns of the product, and the nine components of `b`, each with two
    // indices (operands: type, id, composite, column, row).
    let extracts: Vec<&Vec<u32>> = ins
        .iter()
        .filter(|i| i.0 == COMPOSITE_EXTRACT)
        .map(|i| &i.1)
        .collect();
    assert_eq!(extracts.len(), 13, "{extracts:?}");
    assert_eq!(
        extracts.iter().filter(|e| e.len() == 5).count(),
        9,
        "{extracts:?}"
    );
}

/// `uvec2(b0, b1)` of booleans, compared with a `uvec2` from memory, selects unsigned
/// ones and zeros: the vector needs no conversion (`b2i` is 0 or 1 either way).
#[test]
fn booleans_made_unsigned_need_no_bitcast() {
    let src = r#"#version 450
layout(location = 0) flat in int a;
layout(location = 1) flat in int b;
layout(location = 0) out vec4 o;
layout(set = 0, binding = 0, std140) uniform R { uvec2 r; };
void main() {
    bool RES = all(equal(uvec2(bool(a), bool(b)), r));
    o = vec4(RES);
}
"#;
    const BITCAST: u16 = 124;
    let ins = instructions(&compile(src, true));
    assert!(!ins.iter().any(|i| i.0 == BITCAST), "no bitcast");
}

/// `normalize(d) * (length(d) - r)`: the dot product the two share is not written; they
/// are `Normalize` and `Length`.
#[test]
fn normalize_and_length_of_one_vector_share_nothing_written() {
    let src = r#"#version 450
layout(location = 0) in vec3 a;
layout(location = 1) in vec3 b;
layout(location = 2) in float r;
layout(location = 0) out vec3 o;
void main() {
    vec3 d = a - b;
    o = normalize(d) * (length(d) - r);
}
"#;
    const DOT: u16 = 148;
    const EXT_INST: u16 = 12;
    let ins = instructions(&compile(src, true));
    assert!(!ins.iter().any(|i| i.0 == DOT), "no OpDot");
    let mut ext: Vec<u32> = ins
        .iter()
        .filter(|i| i.0 == EXT_INST)
        .map(|i| i.1[3])
        .collect();
    ext.sort_unstable();
    // GLSL.std.450 Length = 66, Normalize = 69.
    assert_eq!(ext, [66, 69], "Length and Normalize");
}

/// `p.xyz` of one loaded `vec4`, read in several blocks (the branches of an `if` and the
/// code after it), is one `OpVectorShuffle` written where `p` is loaded, not one per block.
#[test]
fn a_swizzle_read_in_several_blocks_is_written_once() {
    let src = r#"#version 450
layout(location = 0) in vec4 p;
layout(location = 1) flat in int k;
layout(location = 0) out vec3 o;
void main() {
    vec3 r;
    if (k > 0)
        r = p.xyz * 2.0;
    else
        r = p.xyz + vec3(1.0);
    o = r - p.xyz;
}
"#;
    const VECTOR_SHUFFLE: u16 = 79;
    let ins = instructions(&compile(src, true));
    let shuffles = ins.iter().filter(|i| i.0 == VECTOR_SHUFFLE).count();
    assert_eq!(shuffles, 1, "one shuffle of p");
}

/// A `discard` directly in a loop body, with code after it: the code stays inside the
/// loop's construct (a selection on `true` around the `OpKill`), so the module validates
/// (spirv-val checks every module `compile` makes) at `-O0` and `-O`.
#[test]
fn discard_directly_in_a_loop_body_validates() {
    let src = r#"#version 450
layout(location = 0) in vec4 v_in;
layout(location = 0) out vec4 o;
void main() {
    o = vec4(0.0);
    for (int i = 0; i < 4; i++) {
        discard;
        o += v_in;
    }
    do { discard; o.y += 1.0; if (o.y > 2.0) break; } while (o.x < 3.0);
}
"#;
    const KILL: u16 = 252;
    for optimize in [false, true] {
        let ins = instructions(&compile(src, optimize));
        assert!(ins.iter().any(|i| i.0 == KILL), "an OpKill");
    }
}

/// Components of a vector changed by one arithmetic each (`v.x += s; v.z += 2.0`, the rest
/// in place) are one operation on the whole vector, the untouched components combined with
/// the operation's identity (`v + vec4(s, -0.0, 2.0, -0.0)`): no extract, no insert, and
/// the scalar additions left unread are swept. A component changed by another operation
/// (`v.y *= 3.0` with an addition elsewhere) keeps the per-component form.
#[test]
fn components_changed_by_one_operation_are_one_vector_operation() {
    let src = |extra: &str| {
        format!(
            r#"#version 450
layout(location = 0) in vec4 p;
layout(location = 1) in float s;
layout(location = 0) out vec4 o;
void main() {{
    vec4 v = p;
    v.x += s;
    v.z += 2.0;
    {extra}
    o = v;
}}
"#
        )
    };
    const COMPOSITE_EXTRACT: u16 = 81;
    const COMPOSITE_INSERT: u16 = 82;
    const F_ADD: u16 = 129;
    const F_MUL: u16 = 133;
    let ins = instructions(&compile(&src(""), true));
    let count = |ins: &[(u16, Vec<u32>)], o: u16| ins.iter().filter(|i| i.0 == o).count();
    assert_eq!(count(&ins, F_ADD), 1, "one vector addition");
    assert_eq!(count(&ins, COMPOSITE_EXTRACT), 0, "no component extracted");
    assert_eq!(count(&ins, COMPOSITE_INSERT), 0, "no component inserted");
    let ins = instructions(&compile(&src("v.y *= 3.0;"), true));
    assert_eq!(count(&ins, F_MUL), 1, "the multiplication stays scalar");
    assert_eq!(count(&ins, F_ADD), 2, "so do the additions");
}

/// GL_OVR_multiview's `gl_ViewID_OVR` is SPIR-V's `ViewIndex` (as glslang writes it), with
/// the `MultiView` capability (and SPV_KHR_multiview before SPIR-V 1.3).
#[test]
fn ovr_view_id_is_view_index() {
    let src = r#"#version 330
#extension GL_OVR_multiview : enable
layout(num_views = 2) in;
void main() {
    gl_Position = vec4(gl_ViewID_OVR, 0, 0, 0);
}
"#;
    const OP_CAPABILITY: u16 = 17;
    const OP_DECORATE: u16 = 71;
    const BUILT_IN: u32 = 11;
    const VIEW_INDEX: u32 = 4440;
    const MULTI_VIEW: u32 = 4439;
    let ins = instructions(&support::compile_vulkan(Stage::Vertex, src, true, 0));
    assert!(
        ins.iter()
            .any(|i| i.0 == OP_DECORATE && i.1.get(1..3) == Some(&[BUILT_IN, VIEW_INDEX][..])),
        "a ViewIndex built-in"
    );
    assert!(
        ins.iter()
            .any(|i| i.0 == OP_CAPABILITY && i.1.first() == Some(&MULTI_VIEW)),
        "the MultiView capability"
    );
}

/// GL_ARB_shader_ballot and GL_ARB_shader_group_vote for Vulkan 1.0 (SPIR-V 1.0): the
/// SPV_KHR_shader_ballot and SPV_KHR_subgroup_vote instructions and built-ins, as glslang
/// writes them (spirv-val checks the module); a subgroup operation those extensions lack
/// stays an error naming it.
#[test]
fn arb_ballot_and_vote_before_spirv_1_3() {
    let src = r#"#version 450
#extension GL_ARB_gpu_shader_int64 : enable
#extension GL_ARB_shader_ballot : enable
#extension GL_ARB_shader_group_vote : enable
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer B { uint r[]; };
void main() {
    uint64_t m = ballotARB(r[gl_LocalInvocationIndex] > 2u);
    uint first = readFirstInvocationARB(r[gl_LocalInvocationIndex]);
    uint other = readInvocationARB(r[gl_LocalInvocationIndex], 1u);
    bool all = allInvocationsARB(first > 0u);
    bool any = anyInvocationARB(other > 0u);
    bool same = allInvocationsEqualARB(all);
    r[gl_LocalInvocationIndex] = uint(m) + first + other + gl_SubGroupSizeARB
        + gl_SubGroupInvocationARB + (all ? 1u : 0u) + (any ? 2u : 0u) + (same ? 4u : 0u);
}
"#;
    const OP_EXTENSION: u16 = 10;
    let ins = instructions(&support::compile_vulkan(Stage::Compute, src, true, 0));
    for opc in [4421u16, 4422, 4428, 4429, 4430, 4432] {
        assert!(ins.iter().any(|i| i.0 == opc), "opcode {opc}");
    }
    let exts: Vec<String> = ins
        .iter()
        .filter(|i| i.0 == OP_EXTENSION)
        .map(|i| {
            i.1.iter()
                .flat_map(|w| w.to_le_bytes())
                .take_while(|&b| b != 0)
                .map(char::from)
                .collect()
        })
        .collect();
    for e in ["SPV_KHR_shader_ballot", "SPV_KHR_subgroup_vote"] {
        assert!(exts.iter().any(|x| x == e), "{e} in {exts:?}");
    }
    let shuffle = r#"#version 450
#extension GL_KHR_shader_subgroup_shuffle : enable
layout(local_size_x = 4) in;
layout(std430, binding = 0) buffer B { uint r[]; };
void main() { r[gl_LocalInvocationIndex] = subgroupShuffle(r[0], gl_LocalInvocationIndex); }
"#;
    let err = support::try_compile(
        Stage::Compute,
        fresnel::TargetEnv::Vulkan { minor: 0 },
        shuffle,
        true,
    )
    .expect_err("no shuffle before SPIR-V 1.3");
    assert!(err.contains("needs SPIR-V 1.3"), "{err}");
}

/// `[[inline]]` / `[[noinline]]` (GL_EXT_function_control_attributes) become the function
/// control of the functions kept at -O0 (Inline 0x1, DontInline 0x2; `main` has none).
#[test]
fn function_control_attributes_become_function_control() {
    const FUNCTION: u16 = 54;
    let src = "#version 450
#extension GL_EXT_function_control_attributes : enable
layout(location = 0) out vec4 color;
[[inline]] int a(int i) { return i + 1; }
int b(int i) [[noinline]] { return i + 2; }
[[noinline]] int p(int i);
int p(int i) { return i + 3; }
void main() { color = vec4(float(a(1) + b(2) + p(3))); }
";
    let words = compile(src, false);
    let mut controls: Vec<u32> = instructions(&words)
        .into_iter()
        .filter(|(op, _)| *op == FUNCTION)
        .map(|(_, d)| d[2])
        .collect();
    controls.sort_unstable();
    assert_eq!(controls, [0, 1, 2, 2]);
}
