/* OpenCL C kernels that clang-14 compiles for the object tests
 * (tests/objects/make.sh): loads, stores, a loop, a branch. */
__kernel void vector_add(__global const float *a, __global const float *b, __global float *c)
{
    size_t i = get_global_id(0);
    c[i] = a[i] + b[i];
}

__kernel void saxpy(float alpha, __global const float *x, __global float *y, int n)
{
    int i = (int)get_global_id(0);
    if (i < n)
        y[i] = alpha * x[i] + y[i];
}

__constant int weights[4] = {1, 2, 3, 4};

__kernel void weighted_sum(__global const int *in, __global int *out, int count)
{
    int sum = 0;
    for (int i = 0; i < count; i++)
        sum += in[i] * weights[i & 3];
    out[get_global_id(0)] = sum;
}
