//! Runs lowered compute shaders in the interpreter and checks the values they store: the
//! semantics of the lowering (loops and `continue`, `switch` fall-through, short-circuits,
//! calls and inlining, l-values, operators, constructors) end to end.

use fresnel::{NoIncludes, Options, SourceInput};

/// Lowers a compute shader (with and without SSA construction), runs one invocation of each
/// and returns what it wrote to the buffer block `Out` (`n` ints); both runs must agree.
fn run_src(src: &str, n: usize, inputs: &[(&str, Vec<u8>)]) -> Vec<i32> {
    let run = fresnel::check(
        SourceInput::new("t.comp", src),
        &Options::default(),
        &mut NoIncludes,
    );
    assert!(
        !run.has_errors(),
        "{}",
        run.render_diagnostics(fresnel::ErrorFormat::Human, false)
    );
    let module = run.hir.as_ref().expect("checked");
    let mut results = Vec::new();
    for no_ssa in [true, false] {
        let opts = fresnel::lower::LowerOptions {
            vulkan: false,
            no_ssa,
        };
        let ir = fresnel::lower::lower(module, &run.interner, &opts).expect("lowered");
        fresnel::ir::validate(&ir).expect("valid IR");
        let mut it = fresnel_interp::Interp::new(&ir).expect("interpreter");
        for (name, bytes) in inputs {
            it.set_buffer(name, bytes.clone()).expect("buffer");
        }
        it.set_buffer("Out", vec![0u8; 4 * n]).expect("buffer");
        it.run_compute([1, 1, 1])
            .unwrap_or_else(|e| panic!("run (no_ssa: {no_ssa}): {e:?}"));
        let bytes = it.buffer("Out").expect("written back");
        results.push(
            bytes
                .chunks(4)
                .take(n)
                .map(|c| i32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect::<Vec<i32>>(),
        );
    }
    assert_eq!(results[0], results[1], "without and with SSA");
    results.pop().expect("two runs")
}

/// Runs `body` after the declaration of `int r[n]` in the buffer block `Out`.
fn run(body: &str, n: usize) -> Vec<i32> {
    let src = format!(
        "#version 450\nlayout(local_size_x = 1) in;\n\
         layout(std430, binding = 0) buffer Out {{ int r[{n}]; }};\n{body}"
    );
    run_src(&src, n, &[])
}

#[test]
fn control_flow() {
    let r = run(
        "void main() {\n\
           int s = 0; for (int i = 0; i < 10; i++) { if (i == 3) continue; s += i; } r[0] = s;\n\
           int n = 0, k = 0; do { k++; if (k % 2 == 0) continue; n += k; } while (k < 7); r[1] = n;\n\
           int t = 0; for (int i = 0; i < 4; i++) { switch (i) { case 0: t += 1; case 1: t += 10; break; default: t += 100; case 3: t += 1000; } } r[2] = t;\n\
           int u = 0; for (int i = 0; i < 5; i++) { switch (i) { case 2: continue; default: break; } u += i; } r[3] = u;\n\
           int nl = 0; for (int i = 0; i < 4; i++) { for (int j = 0; j < 4; j++) { if (j == 2) break; if (i == 1) continue; nl += 1; } } r[4] = nl;\n\
           int w = 0; while (true) { w++; if (w >= 5) break; } r[5] = w;\n\
           int z = 0; for (int i = 0; i < 3; i++) { int d = i * 2; z += d; } r[6] = z;\n\
         }\n",
        7,
    );
    assert_eq!(r, vec![42, 16, 2121, 8, 6, 5, 6]);
}

#[test]
fn short_circuits_selects_and_calls() {
    let r = run(
        "int counter = 0;\n\
         bool bump(bool v) { counter++; return v; }\n\
         int addOut(int a, out int b, inout int c) { b = a + 1; c = c * 2; return a + c; }\n\
         int findFirst(int arr[5], int x) { for (int i = 0; i < 5; i++) { if (arr[i] == x) return i; } return -1; }\n\
         void main() {\n\
           bool b1 = bump(false) && bump(true); bool b2 = bump(true) || bump(false);\n\
           r[0] = counter * 10 + int(b1) * 2 + int(b2);\n\
           counter = 0; int tv = (r[0] > 0) ? (counter += 5) : (counter += 7); r[1] = tv * 100 + counter;\n\
           int arr[5] = int[5](4, 8, 15, 16, 23); r[2] = findFirst(arr, 15) * 10 + findFirst(arr, 99);\n\
           int ob = 0, oc = 3; int ret = addOut(5, ob, oc); r[3] = ret * 10000 + ob * 100 + oc;\n\
           int x = 5; int y = x++ + ++x; r[4] = y * 100 + x;\n\
           int idx = 0; int ca[3] = int[3](1, 1, 1); ca[idx++] += 5; r[5] = ca[0] * 100 + ca[1] * 10 + idx;\n\
         }\n",
        6,
    );
    assert_eq!(r, vec![21, 505, 19, 110606, 1207, 611]);
}

#[test]
fn operators_lvalues_and_constructors() {
    let r = run(
        "struct S { int a; ivec2 b; };\n\
         const int TABLE[4] = int[4](10, 20, 30, 40);\n\
         void main() {\n\
           r[0] = (-7 / 2) * 1000 + (17 % 5) * 100 + (1 << 4) + (-16 >> 2);\n\
           ivec4 v = ivec4(1, 2, 3, 4); v.zx = ivec2(30, 10); v.yw += ivec2(100); r[1] = v.x * 1000 + v.y * 100 + v.z + v.w;\n\
           mat2 m = mat2(1.0, 2.0, 3.0, 4.0);\n\
           vec2 mv = m * vec2(1.0, 1.0); vec2 vm = vec2(1.0, 1.0) * m; mat2 mm = m * m;\n\
           r[2] = int(mv.x) * 1000 + int(mv.y) * 100 + int(vm.x) * 10 + int(vm.y);\n\
           r[3] = int(mm[0][0]) * 1000000 + int(mm[0][1]) * 10000 + int(mm[1][0]) * 100 + int(mm[1][1]);\n\
           S s1 = S(1, ivec2(2, 3)); S s2 = s1; S s3 = S(1, ivec2(2, 4));\n\
           int a1[3] = int[3](1, 2, 3); int a2[3] = int[3](1, 2, 3);\n\
           r[4] = int(s1 == s2) * 100 + int(s1 == s3) * 10 + int(a1 == a2);\n\
           int di = int(r[0] < 0) + 1;\n\
           ivec3 dv = ivec3(7, 8, 9); mat3 dm = mat3(2.0);\n\
           r[5] = dv[di] * 100 + int(dm[di][di]) * 10 + int(dm[di - 1][di]);\n\
           ivec4 sw = ivec4(0); sw.wzyx[di] = 5; r[6] = sw.x * 1000 + sw.y * 100 + sw.z * 10 + sw.w;\n\
           mat3 big = mat3(mat2(5.0)); vec4 fromm = vec4(mat2(1.0, 2.0, 3.0, 4.0));\n\
           r[7] = int(big[0][0] + big[1][1] * 10.0 + big[2][2] * 100.0) * 10000 + int(fromm.x * 1000.0 + fromm.y * 100.0 + fromm.z * 10.0 + fromm.w);\n\
           r[8] = TABLE[di + 1];\n\
           uint ua = 0xFFFFFFFFu; uint ub = ua + 2u; r[9] = int(ub) + int(ua >> 28) * 10 + int(7u / 2u) * 100;\n\
           r[10] = int(bool(2)) * 10 + int(float(true)) * 100 + int(-2.7);\n\
           float f = 7.0; f /= 2; int ki = 3; f *= ki; uint uu = 5u; uu += ki; mat2 m2 = mat2(1.0); m2 *= 3;\n\
           r[11] = int(f * 10.0) * 1000 + int(uu) * 10 + int(m2[1][1]);\n\
         }\n",
        12,
    );
    assert_eq!(
        r,
        vec![-2788, 20334, 4637, 7101522, 101, 920, 500, 1551234, 40, 451, 108, 105083]
    );
}

#[test]
fn block_aggregates_copy_into_locals() {
    let src = "#version 450\nlayout(local_size_x = 1) in;\n\
               struct T { int x; bool b; };\n\
               layout(std140, binding = 1) uniform In { T t; int arr[2]; mat2 m; };\n\
               layout(std430, binding = 0) buffer Out { int r[3]; };\n\
               void main() { T lt = t; int la[2] = arr; mat2 lm = m;\n\
                 r[0] = lt.x * 10 + int(lt.b); r[1] = la[0] * 10 + la[1]; r[2] = int(lm[1][0]); }\n";
    let mut ubo = vec![0u8; 80];
    let mut put = |off: usize, bytes: [u8; 4]| ubo[off..off + 4].copy_from_slice(&bytes);
    put(0, 7i32.to_le_bytes());
    put(4, 1u32.to_le_bytes());
    put(16, 3i32.to_le_bytes());
    put(32, 4i32.to_le_bytes());
    put(48, 1.0f32.to_le_bytes());
    put(52, 2.0f32.to_le_bytes());
    put(64, 5.0f32.to_le_bytes());
    put(68, 6.0f32.to_le_bytes());
    assert_eq!(run_src(src, 3, &[("In", ubo)]), vec![71, 34, 5]);
}

#[test]
fn simple_loop() {
    let r = run(
        "void main() { int s = 0; for (int i = 0; i < 10; i++) { s += i; } r[0] = s; }\n",
        1,
    );
    assert_eq!(r, vec![45]);
}

#[test]
fn inlined_bodies_with_and_without_early_returns() {
    let r = run(
        "int sum(int a[3]) { int s = 0; for (int i = 0; i < 3; i++) { s += a[i]; } return s; }\n\
         int firstNeg(int a[3]) { for (int i = 0; i < 3; i++) { if (a[i] < 0) return i; } return 9; }\n\
         void scale(inout int a[3], int k) { for (int i = 0; i < 3; i++) a[i] *= k; }\n\
         void main() { int a[3] = int[3](1, -2, 3); r[0] = sum(a); r[1] = firstNeg(a);\n\
           scale(a, 10); r[2] = a[0] + a[1] + a[2]; a[1] = 5; r[3] = firstNeg(a); }\n",
        4,
    );
    assert_eq!(r, vec![2, 1, 20, 9]);
}

/// `out` arguments of another type than the parameter's convert from the parameter's type
/// when written back, for called and inlined functions alike (GLSL "Function Calling Conventions"; piglit's
/// vs-out-conversion-int-to-float).
#[test]
fn out_and_inout_arguments_convert_to_the_argument_type() {
    let r = run(
        "void setI(out int x) { x = 4; }\n\
         void setF(out float x) { x = 1.5; }\n\
         void setU(out uint x) { x = 7u; }\n\
         void pair(out int a, out mat2 m) { a = -5; m = mat2(2.0); }\n\
         void main() {\n\
           float f; setI(f); r[0] = int(f * 10.0);\n\
           double g; setF(g); r[1] = int(g * 10.0);\n\
           float h; setU(h); r[2] = int(h * 10.0);\n\
           float k; mat2 m; pair(k, m); r[3] = int(k * 10.0) + int(m[0][0]);\n\
         }\n",
        4,
    );
    assert_eq!(r, vec![40, 15, 70, -48]);
}

/// An `if` with a constant condition lowers only the branch taken, so a dead call to a
/// function that is declared and never defined does not stop the lowering (piglit's
/// glsl-const-folding-01).
#[test]
fn a_constant_condition_lowers_only_the_branch_taken() {
    let r = run(
        "void never_defined();\n\
         void main() {\n\
           r[0] = 1;\n\
           if (false) never_defined(); else r[0] = 2;\n\
           if (sqrt(4.0) != 2.0) { never_defined(); r[1] = 5; } else r[1] = 3;\n\
           if (true) r[2] = 4; else never_defined();\n\
         }\n",
        3,
    );
    assert_eq!(r, vec![2, 3, 4]);
}
