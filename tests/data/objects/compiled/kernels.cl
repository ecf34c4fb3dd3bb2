// OpenCL C kernels whose clang-14 assembly is checked in beside this file
// (kernels-CPU.s), made by tests/data/objects/compiled/make.sh.
__kernel void copy(__global const int *in, __global int *out)
{
    size_t i = get_global_id(0);
    out[i] = in[i];
}

__kernel void saxpy(float a, __global const float *x, __global float *y, int n)
{
    int i = get_global_id(0);
    if (i < n)
        y[i] = a * x[i] + y[i];
}

__constant int weights[4] = {1, 2, 3, 4};

__kernel void weigh(__global int *data)
{
    size_t i = get_global_id(0);
    data[i] = data[i] * weights[i & 3];
}

__kernel void sum(__global const int *in, __global int *out, __local int *scratch)
{
    size_t l = get_local_id(0);
    scratch[l] = in[get_global_id(0)];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t s = get_local_size(0) / 2; s > 0; s /= 2) {
        if (l < s)
            scratch[l] += scratch[l + s];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (l == 0)
        out[get_group_id(0)] = scratch[0];
}
